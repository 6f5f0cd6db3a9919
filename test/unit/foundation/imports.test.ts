/**
 * The rules of docs/architecture.md for imports in src/: no cycle (type-only imports included), every
 * import runs down the table of layers (read from that document, its only source, so the rule
 * written down and the rule enforced cannot drift apart), and the UI takes only types from the
 * server. Each failure names the files and the import that break a rule.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, type ImportGraph } from '@test/helpers/import-graph';
import { codeOf, importsOf, REPO_ROOT, resolveImport, SRC_DIR, sourceFiles } from '@test/helpers/source-tree';

const ARCHITECTURE = path.join(REPO_ROOT, 'docs/architecture.md');

const rel = (file: string) => path.relative(SRC_DIR, file).split(path.sep).join('/');

type LayerRow = { layer: number; paths: string[] };

/** The table's rows: `| <layer> | \`<path>\`, \`<path>\` | <what they hold> |`; a path ending in / is a folder. */
function readLayers(): Map<string, number> {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const rows: LayerRow[] = [...text.matchAll(/^\|\s*(\d+)\s*\|([^|]*)\|/gm)].map((m) => ({
    layer: Number(m[1]),
    paths: [...m[2]!.matchAll(/`([^`]+)`/g)].map((p) => p[1]!),
  }));
  const layers = new Map<string, number>();
  for (const { layer, paths } of rows) {
    for (const listed of paths) {
      if (layers.has(listed)) throw new Error(`docs/architecture.md lists ${listed} twice`);
      layers.set(listed, layer);
    }
  }
  return layers;
}

/** The row a file of src/ belongs to: the longest listed path that is the file or contains it. */
function rowOf(layers: Map<string, number>, file: string): { listed: string; layer: number } | null {
  const own = rel(file);
  let best: { listed: string; layer: number } | null = null;
  for (const [listed, layer] of layers) {
    const contains = listed.endsWith('/') ? own.startsWith(listed) : own === listed;
    if (contains && (best === null || listed.length > best.listed.length)) best = { listed, layer };
  }
  return best;
}

const LAYERS = readLayers();
const FILES = sourceFiles(SRC_DIR);

describe('the table of layers (docs/architecture.md)', () => {
  it('covers every file of src/ and lists only paths that exist', () => {
    expect(LAYERS.size).toBeGreaterThan(15);
    expect(LAYERS.get('server/db/')).toBeLessThan(LAYERS.get('server/services/')!);
    expect(LAYERS.get('server/services/')).toBeLessThan(LAYERS.get('server/routers/')!);
    expect(LAYERS.get('server/routers/')).toBeLessThan(LAYERS.get('server/http/')!);
    expect(FILES.filter((file) => rowOf(LAYERS, file) === null).map((file) => `src/${rel(file)} is in no row of the table`)).toEqual([]);
    expect([...LAYERS.keys()].filter((listed) => !existsSync(path.join(SRC_DIR, listed))).map((listed) => `the table lists src/${listed}, which does not exist`)).toEqual([]);
  });
});

describe('src imports', () => {
  it('run down the layers: a file imports only from its own layer or a lower one (type-only imports too)', () => {
    expect(FILES.length).toBeGreaterThan(300);
    const upward = FILES.flatMap((file) => {
      const from = rowOf(LAYERS, file);
      return importsOf(codeOf(file)).flatMap(({ specifier }) => {
        const target = resolveImport(file, specifier);
        const to = target === null ? null : rowOf(LAYERS, target);
        if (from === null || to === null || to.layer <= from.layer) return [];
        return [`${rel(file)} (${from.listed}, layer ${from.layer}) imports ${specifier} (${to.listed}, layer ${to.layer})`];
      });
    });
    expect(upward).toEqual([]);
  });

  it('form no cycle, type-only imports included', () => {
    const graph = importGraph(FILES, { typeOnly: true });
    expect(graph.size).toBe(FILES.length);
    expect(cyclesOf(graph).map((cycle) => cycle.map(rel).join(' -> '))).toEqual([]);
  });

  it('from the UI (features/, utils/trpc.ts) reach src/server/ for types only: that code runs in the browser', () => {
    const ui = FILES.filter((file) => rowOf(LAYERS, file)?.listed === 'features/' || rel(file) === 'utils/trpc.ts');
    expect(ui.length).toBeGreaterThan(100);
    const runtime = ui.flatMap((file) =>
      importsOf(codeOf(file))
        .filter((edge) => !edge.typeOnly && rel(resolveImport(file, edge.specifier) ?? SRC_DIR).startsWith('server/'))
        .map((edge) => `${rel(file)} imports ${edge.specifier} at run time`),
    );
    expect(runtime).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('finds two files that import each other, a longer ring and a file that imports itself, once each', () => {
    const cycles = cyclesOf(graphOf({ a: ['b'], b: ['a', 'c'], c: [], d: ['e'], e: ['f'], f: ['d', 'a'], g: ['g'] }));
    expect(cycles.map((cycle) => cycle.join(' -> ')).sort()).toEqual(['a -> b -> a', 'd -> e -> f -> d', 'g -> g']);
  });

  it('finds none in a graph whose arrows all point one way', () => {
    expect(cyclesOf(graphOf({ a: ['b', 'c'], b: ['c'], c: [], d: ['a', 'c'] }))).toEqual([]);
  });
});
