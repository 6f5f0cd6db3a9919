/** Reading the repository's own source for structure tests: files, code without comments, imports. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const SRC_DIR = path.join(REPO_ROOT, 'src');

/** The .ts/.tsx files under a folder (generated code left out). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A file's code without its comments (a comment may mention anything). */
export function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export type ImportEdge = { specifier: string; typeOnly: boolean };

/** Static imports and re-exports, and dynamic import() calls. `import type` is marked: it has no run-time effect. */
export function importsOf(code: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const m of code.matchAll(/\b(?:import|export)\s+(type\s+)?[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm)) {
    const specifier = m[2] ?? m[3] ?? m[4];
    if (specifier) edges.push({ specifier, typeOnly: Boolean(m[1]) });
  }
  return edges;
}

/** The file an import of ours points at (`~/` or relative), or null for packages. */
export function resolveImport(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = path.join(SRC_DIR, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}
