/** superjsonText writes exactly superjson's text: for the plain values it writes itself, and for every value it leaves to superjson. */
import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { superjsonText } from '~/server/http/superjson-text';

const theirs = (value: unknown) => JSON.stringify(superjson.serialize(value));

describe('superjsonText', () => {
  it('writes plain answers with dates as superjson does', () => {
    const at = () => new Date('2026-11-28T06:00:00.123Z');
    const values: unknown[] = [
      { items: [], nextCursor: null },
      { items: [{ id: 'a', createdAt: at(), completedAt: null, queue: { dispatchAt: at() }, tags: ['x', 'y'], n: 1.5, ok: true }, { id: 'b', createdAt: at(), completedAt: at(), queue: { dispatchAt: at() } }], nextCursor: 'b' },
      [{ createdAt: at() }, { createdAt: at(), nested: [[at()]] }],
      { text: 'quotes " and \\ and \n and ✨ and \u2028' },
      'text',
      42,
      null,
      true,
      [],
    ];
    for (const value of values) expect(superjsonText(value)).toBe(theirs(value));
  });

  it('leaves to superjson what it does not write itself, with the same text', () => {
    const shared = { x: 1 };
    const at = new Date('2026-11-28T06:00:00.000Z');
    const values: unknown[] = [
      { a: undefined },
      [undefined, 1],
      { a: shared, b: shared },
      { createdAt: at, completedAt: at },
      { 'a.b': at },
      { n: Number.NaN, m: Number.POSITIVE_INFINITY, z: -0 },
      { big: 10n },
      { when: new Date(Number.NaN) },
      at,
      { map: new Map([['k', at]]), set: new Set([1]) },
      { re: /x/g },
    ];
    for (const value of values) expect(superjsonText(value)).toBe(theirs(value));
  });
});
