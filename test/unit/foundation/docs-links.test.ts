/**
 * The repo stands alone: what its documents point to is in the repo. README.md, BENCHMARKS.md,
 * docs/ and the READMEs under src/ link only files that exist here, name no path outside the
 * repository (a design page beside the clone is not in anyone else's clone), and every source
 * path they name in code style (`src/…/file.ts`) exists, so a renamed file cannot leave a
 * document pointing at nothing. Each failure names the document and the path.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SRC_DIR } from '@test/helpers/source-tree';

function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

const DOCUMENTS = [
  path.join(REPO_ROOT, 'README.md'),
  path.join(REPO_ROOT, 'BENCHMARKS.md'),
  ...markdownUnder(path.join(REPO_ROOT, 'docs')),
  ...markdownUnder(SRC_DIR),
];

const inRepo = (file: string) => file.startsWith(`${REPO_ROOT}${path.sep}`);
const rel = (file: string) => path.relative(REPO_ROOT, file);

/** Source paths written from the repository's root: `src/server/errors.ts`, `docs/architecture.md`. */
const ROOTED_FILE = /^(?:src|test|docs|prisma|deploy|public)\/\S*\.[a-z]+$/;

/** What a document points to that is not in the repo. */
function brokenReferences(document: string): string[] {
  const text = readFileSync(document, 'utf8');
  const here = path.dirname(document);
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(?:https?:|mailto:|#)/.test(target!)) continue;
    const file = path.resolve(here, target!.split('#')[0]!);
    if (!inRepo(file) || !existsSync(file)) broken.push(`${rel(document)} links ${target}, which is not a file of the repo`);
  }
  for (const [, named] of text.matchAll(/`([^`\s]+)`/g)) {
    if (named!.startsWith('../') && !inRepo(path.resolve(here, named!))) broken.push(`${rel(document)} names ${named}, outside the repo`);
    if (ROOTED_FILE.test(named!) && !existsSync(path.join(REPO_ROOT, named!))) broken.push(`${rel(document)} names ${named}, which does not exist`);
  }
  return broken;
}

describe('the documents point only into the repo', () => {
  it('README.md, BENCHMARKS.md, docs/ and the READMEs of src/ link and name only files that are here', () => {
    expect(DOCUMENTS.map(rel)).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'src/features/README.md']));
    expect(DOCUMENTS.flatMap(brokenReferences)).toEqual([]);
  });

  it('README links the architecture page', () => {
    expect(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).toContain('](docs/architecture.md)');
  });
});
