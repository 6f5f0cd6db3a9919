/**
 * Debian's Chromium driven by playwright-core (no browser download), with the flags this sandbox
 * needs. Playwright gives every launch a fresh temporary profile of its own.
 */
import { chromium, type Browser } from 'playwright-core';
import { watchBrowser } from './failure-report';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
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
