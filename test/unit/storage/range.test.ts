import { describe, expect, it } from 'vitest';
import { parseRange, RangeNotSatisfiableError } from '~/server/services/storage/serve';

describe('byte ranges of stored objects', () => {
  it('parses single ranges within the size', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
  });

  it('ignores what it does not serve and refuses what cannot be satisfied', () => {
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
    expect(() => parseRange('bytes=100-', 100)).toThrow(RangeNotSatisfiableError);
    expect(() => parseRange('bytes=5-4', 100)).toThrow(RangeNotSatisfiableError);
    expect(() => parseRange('bytes=-0', 100)).toThrow(RangeNotSatisfiableError);
  });
});
