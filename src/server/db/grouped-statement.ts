/**
 * Group commit for a statement that concurrent requests run with the same key (a key's lookup and
 * count): the first runs at once; those that arrive while it is in flight wait and then run as one
 * statement, each answered its own share of the result. Every request is still answered by a
 * statement that started after it arrived, so none is answered from a read older than itself; a
 * burst costs one statement per round trip instead of one per request, and the requests stop
 * queueing on the same rows' locks.
 */

type Member<R> = { resolve: (result: R) => void; reject: (error: unknown) => void };
type Line<R> = { waiting: Member<R>[] };

/**
 * `run(scope, key, size)` runs the statement for `size` requests and answers one result per request,
 * in their order of arrival. Lines are kept per scope (a database client), so two studios in one
 * process never share a statement.
 */
export function groupedStatement<S extends object, R>(run: (scope: S, key: string, size: number) => Promise<R[]>): (scope: S, key: string) => Promise<R> {
  const linesByScope = new WeakMap<S, Map<string, Line<R>>>();

  async function drain(scope: S, key: string, lines: Map<string, Line<R>>, line: Line<R>): Promise<void> {
    while (line.waiting.length > 0) {
      const members = line.waiting.splice(0);
      try {
        const results = await run(scope, key, members.length);
        members.forEach((member, index) => member.resolve(results[index]!));
      } catch (error) {
        for (const member of members) member.reject(error);
      }
    }
    lines.delete(key);
  }

  return (scope, key) => {
    let lines = linesByScope.get(scope);
    if (!lines) linesByScope.set(scope, (lines = new Map()));
    const running = lines.get(key);
    return new Promise<R>((resolve, reject) => {
      if (running) {
        running.waiting.push({ resolve, reject });
        return;
      }
      const line: Line<R> = { waiting: [{ resolve, reject }] };
      lines.set(key, line);
      void drain(scope, key, lines, line);
    });
  };
}
