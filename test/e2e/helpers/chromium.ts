/**
 * Debian's Chromium driven by playwright-core (no browser download), with the flags this sandbox
 * needs. Playwright gives every launch a fresh temporary profile of its own.
 *
 * The end-to-end tier drives Debian's `chromium-headless-shell`: the same Chromium (Blink, V8, the
 * network stack) without the desktop browser around it, as Playwright's own headless runs use. Per
 * test file it costs a sixth less CPU and time than the full browser in headless mode
 * (BENCHMARKS.md, CI). The full `chromium` serves what the shell lacks (the Notification API) and
 * the bench's phone loads, which measure the browser people run.
 */
import { chromium, type Browser } from 'playwright-core';
import { watchBrowser } from './failure-report';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM_PATH = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  watchBrowser(browser);
  return browser;
}

export { ARTIFACTS_DIR } from './artifacts';
