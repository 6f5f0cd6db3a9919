/**
 * The browser's one door to the catalogue (issue 10): UI code imports the catalogue only through
 * `~/catalogue/public`, and nothing that door reaches statically imports zod, a model definition,
 * a content list, a provider path or payload. Pages may use server modules in their data functions
 * (Next keeps those out of the bundle); components may not import server code except types.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../../src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Static value imports (not `import type`, not `import()`), as written. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s+'([^']+)'/gm)) {
    if (!match[1]) found.push(match[2] as string);
  }
  for (const match of text.matchAll(/^\s*import\s+'([^']+)'/gm)) found.push(match[1] as string);
  return found;
}

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('~/') ? join(SRC, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

/** Every file and package the entry reaches through static value imports. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of valueImports(file)) {
      const target = resolveImport(file, spec);
      if (target) queue.push(target);
      else if (!spec.startsWith('.') && !spec.startsWith('~/')) packages.add(spec);
    }
  }
  return { files, packages };
}

const browserFiles = [...filesUnder(join(SRC, 'features')), ...filesUnder(join(SRC, 'i18n')), ...filesUnder(join(SRC, 'utils'))];
const pageFiles = filesUnder(join(SRC, 'pages')).filter((f) => !f.includes(`${join(SRC, 'pages', 'api')}`));

describe('the browser catalogue door', () => {
  it('UI code imports the catalogue only through ~/catalogue/public, and server code only as types', () => {
    const offenders = [...browserFiles, ...pageFiles].flatMap((file) =>
      valueImports(file)
        .filter((spec) => (spec.startsWith('~/catalogue') && spec !== '~/catalogue/public') || (spec.startsWith('~/server') && !pageFiles.includes(file)))
        .map((spec) => `${relative(SRC, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('nothing the door reaches imports zod, model definitions, content lists, provider payloads or the input schema', () => {
    const { files, packages } = reach(join(SRC, 'catalogue', 'public.ts'));
    const reached = [...files].map((f) => relative(SRC, f));
    expect([...packages]).toEqual([]);
    expect(reached.filter((f) => /catalogue\/(models|content\/(?!types)|derive\/(input-schema|provider-request|validate|field-rules|public-definition)|schema|apps|parse)/.test(f))).toEqual([]);
  });

  it('the door reaches the derive functions the server also runs (one rule, two sides)', () => {
    const reached = [...reach(join(SRC, 'catalogue', 'public.ts')).files].map((f) => relative(SRC, f));
    expect(reached).toEqual(expect.arrayContaining(['catalogue/derive/credit-cost.ts', 'catalogue/derive/rules.ts', 'catalogue/derive/defaults.ts', 'catalogue/derive/search.ts']));
  });
});
