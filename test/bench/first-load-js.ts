/**
 * First-load JS of each page, as people download it: the gzip size of the `.js` files that
 * `.next/build-manifest.json` lists for `/_app`, the page and `rootMainFiles` (each file once).
 * A size is deterministic for a build, so it can be compared across runs exactly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type BuildManifest = { pages: Record<string, string[]>; rootMainFiles?: string[] };

export type PageWeight = { page: string; gzipBytes: number; files: number };

/** Every routable page (not /_app, /_error, /_document) with its first-load JS, largest first. */
export function firstLoadJs(nextDir = '.next'): PageWeight[] {
  const manifest = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const sizes = new Map<string, number>();
  const gzipOf = (file: string): number => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(nextDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const shared = [...(manifest.pages['/_app'] ?? []), ...(manifest.rootMainFiles ?? [])];
  return Object.entries(manifest.pages)
    .filter(([page]) => !page.startsWith('/_'))
    .map(([page, own]) => {
      const files = [...new Set([...shared, ...own])].filter((file) => file.endsWith('.js'));
      return { page, gzipBytes: files.reduce((sum, file) => sum + gzipOf(file), 0), files: files.length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.page.localeCompare(b.page));
}
