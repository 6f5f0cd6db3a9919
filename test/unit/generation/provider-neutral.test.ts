/**
 * The engine (src/server/services/generation) treats every provider alike: it reaches providers
 * only through their one door (~/server/providers) and never special-cases the local engine by
 * name. What the local engine needs (a job reference, output files, an image reader) goes through
 * the provider interface and the registry instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ENGINE_DIR = path.resolve(__dirname, '../../../src/server/services/generation');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The code without its comments (a comment may well mention the local engine). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

const files = sourceFiles(ENGINE_DIR).map((file) => ({ name: path.relative(ENGINE_DIR, file), source: code(file) }));

describe('the generation engine names no provider', () => {
  it('reads the engine folder', () => {
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['dispatch.ts', 'apply-job.ts', 'provider-registry.ts', 'reconcile.ts']));
  });

  it("imports providers only through their door, never a provider's own files", () => {
    const reaching = files.flatMap(({ name, source }) =>
      importsOf(source)
        .filter((specifier) => /(^|\/)providers\//.test(specifier))
        .map((specifier) => `${name}: ${specifier}`),
    );
    expect(reaching).toEqual([]);
  });

  it("has no special case for the local engine ('local' literals, a smuggled generation id)", () => {
    const cases = files.flatMap(({ name, source }) =>
      [...source.matchAll(/['"`]local['"`]|__generationId/g)].map((m) => `${name}: ${m[0]}`),
    );
    expect(cases).toEqual([]);
  });
});
