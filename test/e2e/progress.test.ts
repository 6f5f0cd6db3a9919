/**
 * Progress people can see (issue 12 §1), end to end on the embedded defaults: the local engine
 * reports progress as it works. TIME_SCALE=0.2: one catalogue second is 200 ms, so a free user's
 * 60 s wait takes 12 s and a 180 s video (run locally in a tenth) about 4 s.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { newDataDir } from './helpers/database-template';
import { ARTIFACTS_DIR, FULL_CHROMIUM_PATH, launchChromium } from './helpers/chromium';
import { openSignedIn } from './helpers/sign-in';
import { recorded, setTabHidden, startRecording } from './helpers/record';
import { seedPremiumUser } from './helpers/users';

const PREMIUM_EMAIL = 'vera@example.com';
const DESKTOP = { width: 1360, height: 900 };

let browser: Browser;
let app: AppServer;
let dataDir: string;

beforeAll(async () => {
  // The full browser: the headless shell has no Notification API, which the last test's opt-in needs.
  browser = await launchChromium(FULL_CHROMIUM_PATH);
  dataDir = newDataDir('studio-e2e-progress-');
  seedPremiumUser(dataDir, PREMIUM_EMAIL, { grant: 1000 });
  app = await startApp({ STARTING_CREDITS: '100', TIME_SCALE: '0.2', DATA_DIR: dataDir });
});

afterAll(async () => {
  await app?.stop();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `progress-${name}.png`), fullPage: true });
}

async function fillPrompt(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(text);
  await expect.poll(() => page.getByTestId('generate-button').isEnabled()).toBe(true);
}

/** The seconds of each 'Queue wait time: ~{n}s' seen. */
function waitSeconds(texts: string[]): number[] {
  return texts.map((text) => {
    const match = /^Queue wait time: ~(\d+)s$/.exec(text);
    if (!match) throw new Error(`unexpected notice text: ${text}`);
    return Number(match[1]);
  });
}

function rising(values: number[]): boolean {
  return values.every((value, i) => i === 0 || value >= values[i - 1]!);
}

describe('progress', () => {
  let premium: BrowserContext;

  beforeAll(async () => {
    premium = await browser.newContext({ viewport: DESKTOP });
  });

  afterAll(async () => {
    await premium?.close();
  });

  it("a free user's queue wait counts down each second, then a progress bar shows the time left", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await openSignedIn(page, app.url, '/create/flux-schnell', 'free@example.com');
    await fillPrompt(page, 'A lighthouse at dawn');
    await startRecording(page, 'queue', '[data-testid="queue-notice"]', 'text');
    await page.getByTestId('generate-button').click();
    await page.getByTestId('queue-notice').waitFor();
    // Two catalogue seconds later (400 ms here) it has gone down in place.
    await expect.poll(async () => waitSeconds(await recorded(page, 'queue')).at(-1), { timeout: 10_000 }).toBeLessThanOrEqual(57);
    await shot(page, 'countdown');
    const seen = waitSeconds(await recorded(page, 'queue'));
    expect(seen[0]).toBe(60);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);

    // Once the wait is over, the bar takes over where the notice was.
    const bar = page.getByTestId('output-area').getByRole('progressbar', { name: 'Generation progress' });
    await bar.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('queue-notice').count()).toBe(0);
    const ended = waitSeconds(await recorded(page, 'queue'));
    expect(ended.at(-1)).toBeLessThanOrEqual(2);
    expect(await page.getByTestId('job-progress-label').first().textContent()).toMatch(/^~\d+s left$|^Almost done\.\.\.$/);
    await page.getByTestId('output-image').first().waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('a running video’s bar advances (aria-valuenow rises) in the output, in Recent Creations and on /creations', async () => {
    const page = await premium.newPage();
    await openSignedIn(page, app.url, '/create/text-to-video', PREMIUM_EMAIL);
    await page.getByTestId('premium-badge').waitFor();
    await fillPrompt(page, 'Waves rolling onto a beach at sunset');
    await startRecording(page, 'output', '[data-testid="output-area"] [role="progressbar"]', 'aria-valuenow');
    await startRecording(page, 'recent', '[data-testid="recent-creations"] [role="progressbar"]', 'aria-valuenow');
    await page.getByTestId('generate-button').click();
    await page.getByTestId('output-area').getByRole('progressbar').waitFor();
    expect(await page.getByTestId('queue-notice').count()).toBe(0);

    // The same job on /creations, in another tab.
    const list = await premium.newPage();
    await list.goto(`${app.url}/creations`);
    await list.getByTestId('creation-card').first().locator('[role="progressbar"]').waitFor({ timeout: 15_000 });
    await startRecording(list, 'card', '[data-testid="creation-card"] [role="progressbar"]', 'aria-valuenow');
    await expect.poll(async () => (await recorded(page, 'output')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await shot(page, 'video-running');
    await shot(list, 'creations-running');

    await page.getByTestId('output-video').waitFor({ timeout: 60_000 });
    await list.getByTestId('thumb-video').first().waitFor({ timeout: 30_000 });
    await shot(list, 'creations-done');

    for (const [where, tab] of [['output', page], ['recent', page], ['card', list]] as const) {
      const values = (await recorded(tab, where)).map(Number);
      expect(values.length, `${where}: ${values.join(',')}`).toBeGreaterThanOrEqual(3);
      expect(rising(values), `${where}: ${values.join(',')}`).toBe(true);
      expect(values.at(-1)! - values[0]!, `${where}: ${values.join(',')}`).toBeGreaterThanOrEqual(20);
    }
    await page.close();
    await list.close();
  });

  it("a tab hidden when its job ends says '✓ Ready — Lumen Studio', and notifies one who opted in", async () => {
    await premium.grantPermissions(['notifications'], { origin: app.url });
    // Record the notifications the page makes (the real API still runs).
    await premium.addInitScript(() => {
      const Real = window.Notification;
      const shown: { title: string; body?: string }[] = [];
      (window as unknown as { __notifications: typeof shown }).__notifications = shown;
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
          super(title, options);
        }
      }
      window.Notification = Recording as typeof Notification;
    });
    const page = await premium.newPage();
    await page.goto(`${app.url}/create/flux-schnell`);
    await page.getByTestId('premium-badge').waitFor();
    const title = await page.title();
    expect(title).toBe('FLUX.1 [schnell] · Lumen Studio');
    await fillPrompt(page, 'A red fox in fresh snow');
    await page.getByTestId('generate-button').click();
    await page.getByRole('switch', { name: "Notify me when it's ready" }).check({ force: true });
    await expect.poll(() => page.getByRole('switch', { name: "Notify me when it's ready" }).isChecked()).toBe(true);
    await setTabHidden(page, true);
    await page.getByTestId('output-image').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.title()).toBe('✓ Ready — Lumen Studio');
    expect(await page.evaluate(() => (window as unknown as { __notifications: unknown[] }).__notifications)).toEqual([
      { title: '✓ Ready — Lumen Studio', body: 'Your creation is ready.' },
    ]);
    await setTabHidden(page, false);
    expect(await page.title()).toBe(title);
    await page.close();
  });
});
