/**
 * Where things live: no scratch files at the repository root, every npm script's program in
 * src/scripts. (The rules for imports between the files of src are in imports.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@test/helpers/source-tree';

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
