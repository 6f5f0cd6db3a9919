/**
 * The poll path's output check: a frozen (cached) prediction is checked once and the same checked
 * answer goes out on every poll (so tRPC serialises it once too); anything else is parsed every
 * time, and what goes out is always the schema's parse.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedOnce } from '~/server/trpc/checked-once';

const point = z.object({ x: z.number(), at: z.date() });

describe('checkedOnce', () => {
  it('checks a frozen answer once: the same frozen parse every time, unknown fields stripped', () => {
    const schema = checkedOnce(point);
    const answer = Object.freeze({ x: 1, at: new Date(0), secret: 'not for clients' });
    const first = schema.parse(answer);
    expect(first).toEqual({ x: 1, at: new Date(0) });
    expect(Object.isFrozen(first)).toBe(true);
    expect(schema.parse(answer)).toBe(first);
  });

  it('parses an answer that is not frozen every time', () => {
    const schema = checkedOnce(point);
    const answer = { x: 1, at: new Date(0), extra: true };
    const first = schema.parse(answer);
    expect(first).toEqual({ x: 1, at: new Date(0) });
    expect(schema.parse(answer)).not.toBe(first);
    answer.x = 2;
    expect(schema.parse(answer)).toEqual({ x: 2, at: new Date(0) });
  });

  it('refuses a wrong answer, frozen or not, with the schema’s own issue', () => {
    const schema = checkedOnce(point);
    for (const wrong of [{ x: 'one', at: new Date(0) }, Object.freeze({ x: 'one', at: new Date(0) })]) {
      const result = schema.safeParse(wrong);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['x', 'Invalid input: expected number, received string']]);
    }
  });
});
