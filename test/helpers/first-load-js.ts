/**
 * First-load JavaScript of each page of a production build: the gzip size of the `.js` files that
 * `.next/build-manifest.json` lists for `/_app`, the page and `rootMainFiles` (each file counted
 * once). Deterministic for a build, so a budget on it can be a test (issue 10).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type BuildManifest = { pages: Record<string, string[]>; rootMainFiles?: string[] };

export type PageWeight = { page: string; bytes: number };

/** The budget every page meets, in bytes of gzip (kB = 1000 bytes). */
export const FIRST_LOAD_BUDGET_BYTES = 250_000;

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
    .filter(([page]) => page !== '/_app')
    .map(([page, files]) => ({
      page,
      bytes: [...new Set([...shared, ...files])].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0),
    }))
    .sort((a, b) => a.page.localeCompare(b.page));
}

export function formatWeights(weights: PageWeight[]): string {
  return weights.map((w) => `${w.page.padEnd(28)} ${(w.bytes / 1000).toFixed(1).padStart(7)} kB`).join('\n');
}
