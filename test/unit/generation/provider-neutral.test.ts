/**
 * The engine (src/server/services/generation) treats every provider alike: it reaches providers
 * only through their one door (~/server/providers) and never special-cases the local engine by
 * name. What the local engine needs (a job reference, output files, an image reader) goes through
 * the provider interface and the registry instead.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, importsOf, SRC_DIR, sourceFiles } from '@test/helpers/source-tree';

const ENGINE_DIR = path.join(SRC_DIR, 'server/services/generation');

const files = sourceFiles(ENGINE_DIR).map((file) => ({ name: path.relative(ENGINE_DIR, file), code: codeOf(file) }));

describe('the generation engine names no provider', () => {
  it('reads the engine folder', () => {
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['dispatch.ts', 'apply-job.ts', 'provider-registry.ts', 'reconcile.ts']));
  });

  it("imports providers only through their door, never a provider's own files", () => {
    const reaching = files.flatMap(({ name, code }) =>
      importsOf(code)
        .filter(({ specifier }) => /(^|\/)providers\//.test(specifier))
        .map(({ specifier }) => `${name}: ${specifier}`),
    );
    expect(reaching).toEqual([]);
  });

  it("has no special case for the local engine ('local' literals, a smuggled generation id)", () => {
    const cases = files.flatMap(({ name, code }) => [...code.matchAll(/['"`]local['"`]|__generationId/g)].map((m) => `${name}: ${m[0]}`));
    expect(cases).toEqual([]);
  });
});
