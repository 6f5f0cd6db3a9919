/**
 * Feature folders with a direction (issue 20 §5): a feature imports only from features in a lower
 * layer. The layers are read from src/features/README.md, the table people read when they add a
 * feature, so the rule written down and the rule enforced cannot drift apart. Each failure names
 * the file and the import that breaks the rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, importsOf, SRC_DIR, sourceFiles } from '@test/helpers/source-tree';

const FEATURES_DIR = path.join(SRC_DIR, 'features');

/** The README's table rows: `| <layer> | \`<feature>\` | <what it is for> |`. */
function readLayers(): Map<string, number> {
  const readme = readFileSync(path.join(FEATURES_DIR, 'README.md'), 'utf8');
  const layers = new Map<string, number>();
  for (const m of readme.matchAll(/^\|\s*(\d+)\s*\|\s*`([a-z0-9-]+)`\s*\|/gm)) {
    const feature = m[2]!;
    if (layers.has(feature)) throw new Error(`src/features/README.md lists ${feature} twice`);
    layers.set(feature, Number(m[1]));
  }
  return layers;
}

/** The feature folder a path lies in (its first segment under src/features), or null outside them. */
function featureOf(file: string): string | null {
  const rel = path.relative(FEATURES_DIR, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const segments = rel.split(path.sep);
  return segments.length > 1 ? segments[0]! : null;
}

/** Where an import of ours points (`~/` or relative), without needing the file to exist; null for packages. */
function targetOf(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('~/')) return path.join(SRC_DIR, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

const LAYERS = readLayers();
const folders = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('feature layers (src/features/README.md)', () => {
  it('lists every feature folder, and only those', () => {
    expect(LAYERS.size).toBeGreaterThan(10);
    expect(folders.filter((folder) => !LAYERS.has(folder)).map((folder) => `src/features/${folder} is not in the README's table`)).toEqual([]);
    expect([...LAYERS.keys()].filter((feature) => !folders.includes(feature)).map((feature) => `the README lists ${feature}, which has no folder`)).toEqual([]);
  });

  it('puts shell and toast at the bottom and the generator at the top', () => {
    const layers = [...LAYERS.values()];
    expect(LAYERS.get('shell')).toBe(Math.min(...layers));
    expect(LAYERS.get('toast')).toBe(Math.min(...layers));
    expect(LAYERS.get('generator')).toBe(Math.max(...layers));
  });

  it('a feature imports only from features in a lower layer (type-only imports too)', () => {
    const files = sourceFiles(FEATURES_DIR);
    expect(files.length).toBeGreaterThan(100);
    const broken = files.flatMap((file) => {
      const own = featureOf(file);
      if (own === null) return [`${path.relative(SRC_DIR, file)} lies outside every feature folder`];
      return importsOf(codeOf(file)).flatMap(({ specifier }) => {
        const target = targetOf(file, specifier);
        const other = target === null ? null : featureOf(target);
        if (other === null || other === own) return [];
        const [from, to] = [LAYERS.get(own), LAYERS.get(other)];
        if (from !== undefined && to !== undefined && to < from) return [];
        return [`features/${path.relative(FEATURES_DIR, file)} (${own}, layer ${from ?? '?'}) imports ${specifier} (${other}, layer ${to ?? '?'})`];
      });
    });
    expect(broken).toEqual([]);
  });
});
