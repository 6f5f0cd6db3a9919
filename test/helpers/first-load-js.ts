/**
 * First-load JavaScript of each page of a production build, as people download it: the gzip size
 * of the `.js` files that `.next/build-manifest.json` lists for `/_app`, the page and
 * `rootMainFiles` (each file counted once). Deterministic for a build, so the budget on it is a
 * test (test/e2e/bundle-budget.test.ts) and the bench prints the same figure (test/bench).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type BuildManifest = { pages: Record<string, string[]>; rootMainFiles?: string[] };

export type PageWeight = { page: string; gzipBytes: number; files: number };

/** The budget every page meets, in bytes of gzip (kB = 1000 bytes). */
export const FIRST_LOAD_BUDGET_BYTES = 250_000;

/** The share page (/c/{id}, issue 21 §8) is lighter: people open it from a chat app on a phone. */
export const SHARE_PAGE_BUDGET_BYTES = 150_000;

/**
 * Pages that opt out of client JavaScript (`export const config = { unstable_runtimeJS: false }`):
 * a production server sends their HTML without a single script, so they load no JS at all.
 */
export function shipsNoJavaScript(page: string, pagesDir = 'src/pages'): boolean {
  const file = [`${pagesDir}${page}.tsx`, `${pagesDir}${page}/index.tsx`].find((candidate) => existsSync(candidate));
  return file !== undefined && /export const config = \{\s*unstable_runtimeJS: false\s*\}/.test(readFileSync(file, 'utf8'));
}

/** Every page people can load (the error page included; not /_app or /_document), largest first. */
export function firstLoadJs(nextDir = '.next'): PageWeight[] {
  const manifest = JSON.parse(readFileSync(join(nextDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const shared = [...(manifest.rootMainFiles ?? []), ...(manifest.pages['/_app'] ?? [])];
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) sizes.set(file, (size = gzipSync(readFileSync(join(nextDir, file)), { level: 9 }).length));
    return size;
  };
  return Object.entries(manifest.pages)
    .filter(([page]) => page !== '/_app' && page !== '/_document')
    .map(([page, own]) => {
      if (shipsNoJavaScript(page)) return { page, gzipBytes: 0, files: 0 };
      const files = [...new Set([...shared, ...own])].filter((file) => file.endsWith('.js'));
      return { page, gzipBytes: files.reduce((sum, file) => sum + gzipped(file), 0), files: files.length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.page.localeCompare(b.page));
}

export function formatWeights(weights: PageWeight[]): string {
  return weights.map((w) => `${w.page.padEnd(28)} ${(w.gzipBytes / 1000).toFixed(1).padStart(7)} kB`).join('\n');
}
