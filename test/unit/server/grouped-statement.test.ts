import { describe, expect, it } from 'vitest';
import { groupedStatement } from '~/server/db/grouped-statement';

/** A statement stand-in that records each run and finishes only when the test says so. */
function recordingStatement() {
  const runs: { scope: object; key: string; size: number; finish: (error?: Error) => void }[] = [];
  const run = groupedStatement((scope: object, key: string, size: number) =>
    new Promise<string[]>((resolve, reject) => {
      const number = runs.length + 1;
      runs.push({ scope, key, size, finish: (error) => (error ? reject(error) : resolve(Array.from({ length: size }, (_, index) => `${key} run ${number} #${index}`))) });
    }),
  );
  return { run, runs };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('groupedStatement', () => {
  it('runs the first request at once and the ones that arrive meanwhile as one statement after it, each answered its own share in order', async () => {
    const { run, runs } = recordingStatement();
    const scope = {};
    const first = run(scope, 'k');
    expect(runs.map((r) => r.size)).toEqual([1]);
    const later = [run(scope, 'k'), run(scope, 'k'), run(scope, 'k')];
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    expect(await first).toBe('k run 1 #0');
    await settled();
    expect(runs.map((r) => r.size)).toEqual([1, 3]);
    runs[1]!.finish();
    expect(await Promise.all(later)).toEqual(['k run 2 #0', 'k run 2 #1', 'k run 2 #2']);
    // The line is gone once empty: the next request runs at once, alone.
    const next = run(scope, 'k');
    expect(runs.map((r) => r.size)).toEqual([1, 3, 1]);
    runs[2]!.finish();
    expect(await next).toBe('k run 3 #0');
  });

  it("keeps keys and scopes apart: another key's or another scope's request does not wait", () => {
    const { run, runs } = recordingStatement();
    const scope = {};
    void run(scope, 'a');
    void run(scope, 'b');
    void run({}, 'a');
    expect(runs.map((r) => [r.key, r.size])).toEqual([
      ['a', 1],
      ['b', 1],
      ['a', 1],
    ]);
    expect(runs[0]!.scope).not.toBe(runs[2]!.scope);
  });

  it("rejects every request of a failed statement, and the line goes on with the next group", async () => {
    const { run, runs } = recordingStatement();
    const scope = {};
    const first = run(scope, 'k');
    const grouped = [run(scope, 'k'), run(scope, 'k')];
    runs[0]!.finish();
    await first;
    await settled();
    const after = run(scope, 'k');
    runs[1]!.finish(new Error('connection lost'));
    await expect(Promise.all(grouped.map((p) => p.catch((error: Error) => error.message)))).resolves.toEqual(['connection lost', 'connection lost']);
    await settled();
    expect(runs.map((r) => r.size)).toEqual([1, 2, 1]);
    runs[2]!.finish();
    expect(await after).toBe('k run 3 #0');
  });
});
