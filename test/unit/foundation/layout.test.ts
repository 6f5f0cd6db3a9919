/**
 * Where things live: no scratch files at the repository root, every npm script's program in
 * src/scripts, and no import cycle in src (a cycle makes load order decide what is undefined).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, importsOf, REPO_ROOT, resolveImport, SRC_DIR, sourceFiles } from '@test/helpers/source-tree';

describe('repository layout', () => {
  it('keeps no TypeScript at the root but the tools’ own config files', () => {
    const stray = readdirSync(REPO_ROOT).filter((name) => /\.(c|m)?tsx?$/.test(name) && !/\.config\.m?ts$/.test(name) && name !== 'next-env.d.ts');
    expect(stray).toEqual([]);
  });

  it('runs every npm script program from src/scripts (test tooling from test/)', () => {
    const scripts = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const programs = Object.values(scripts).flatMap((command) => [...command.matchAll(/\btsx\s+(\S+)/g)].map((m) => m[1]!));
    expect(programs).toContain('src/scripts/migrate.ts');
    expect(programs.filter((program) => !program.startsWith('src/scripts/') && !program.startsWith('test/'))).toEqual([]);
  });
});

describe('src imports', () => {
  it('form no cycle (type-only imports aside)', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SRC_DIR)) {
      const targets = importsOf(codeOf(file))
        .filter((edge) => !edge.typeOnly)
        .map((edge) => resolveImport(file, edge.specifier))
        .filter((target): target is string => target !== null);
      graph.set(file, targets);
    }
    const cycles: string[] = [];
    const done = new Set<string>();
    const path_: string[] = [];
    const visit = (file: string) => {
      const at = path_.indexOf(file);
      if (at >= 0) {
        cycles.push([...path_.slice(at), file].map((f) => path.relative(SRC_DIR, f)).join(' -> '));
        return;
      }
      if (done.has(file)) return;
      path_.push(file);
      for (const target of graph.get(file) ?? []) visit(target);
      path_.pop();
      done.add(file);
    };
    for (const file of graph.keys()) visit(file);
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles).toEqual([]);
  });
});
