/**
 * What a failed end-to-end test leaves in the log, so CI's output alone is enough to diagnose it:
 * a screenshot of every page still open (its path printed) and the tail of every studio server
 * the file started. The app server and Chromium helpers register what they start here; the e2e
 * setup file (test/setup/e2e.ts) calls reportFailure from vitest's onTestFailed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ARTIFACTS_DIR } from './artifacts';

type WatchedServer = { url: string; logs: () => string };

const browsers = new Set<Browser>();
const servers = new Set<WatchedServer>();
const LOG_TAIL_LINES = 80;

export function watchBrowser(browser: Browser): void {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
}

/** Returns the function that stops watching (the server stopped). */
export function watchServer(server: WatchedServer): () => void {
  servers.add(server);
  return () => servers.delete(server);
}

export async function reportFailure(testName: string): Promise<void> {
  const lines: string[] = [`\n[e2e failure] ${testName}`];
  const folder = path.join(ARTIFACTS_DIR, 'failures');
  mkdirSync(folder, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 80);
  let index = 0;
  for (const browser of browsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        index += 1;
        const file = path.join(folder, `${slug}-${index}.png`);
        try {
          await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
          lines.push(`  screenshot: ${file} (page at ${page.url()})`);
        } catch (error) {
          lines.push(`  screenshot of ${page.url()} failed: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    }
  }
  if (index === 0) lines.push('  no page was open');
  for (const server of servers) {
    const tail = server.logs().trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
    lines.push(`  server ${server.url}, last ${LOG_TAIL_LINES} lines of its log:\n${tail.replace(/^/gm, '    | ')}`);
  }
  console.error(lines.join('\n'));
}
