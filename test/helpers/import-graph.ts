/** The graph of imports between our own source files, and the cycles in it. */
import { codeOf, importsOf, resolveImport } from './source-tree';

/** Each file and the files of ours it imports (packages left out). */
export type ImportGraph = Map<string, string[]>;

/** The graph of `files`; `typeOnly: false` leaves `import type` out. */
export function importGraph(files: string[], options: { typeOnly: boolean }): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = importsOf(codeOf(file))
      .filter((edge) => options.typeOnly || !edge.typeOnly)
      .map((edge) => resolveImport(file, edge.specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * One cycle for each group of files that reach one another (Tarjan's strongly connected
 * components), as the path [a, b, ..., a]. A group of two files that import each other gives one
 * cycle, however many other ways round it has; an acyclic graph gives none.
 */
export function cyclesOf(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, index.get(target)!));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    const selfImport = group.length === 1 && (graph.get(file) ?? []).includes(file);
    if (group.length > 1 || selfImport) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.map((group) => cycleThrough(graph, new Set(group), [...group].sort()[0]!));
}

/** The shortest way from `start` back to itself inside `group` (breadth first). */
function cycleThrough(graph: ImportGraph, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at += 1) {
    const file = queue[at]!;
    for (const target of graph.get(file) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const path = [file];
        for (let step = file; step !== start; step = cameFrom.get(step)!) path.unshift(cameFrom.get(step)!);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
