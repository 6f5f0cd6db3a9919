/**
 * A batch in Chromium (issue 38) on the embedded defaults: the generator's Batch control with 3
 * prompts × 2 variations shows 'Generate 6 · 6 credits', runs, groups its 6 results with their
 * count while the tab title counts them, downloads one ZIP holding 6 images, and shows grouped in
 * My creations; the balance goes down by 6 once.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@test/helpers/zip';
import { startApp, type AppServer } from './helpers/app-server';
import { newDataDir } from './helpers/database-template';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';
import { recorded, startRecording } from './helpers/record';
import { seedPremiumUser } from './helpers/users';

const EMAIL = 'iris@example.com';

let browser: Browser;
let app: AppServer;
let dataDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = newDataDir('studio-e2e-batches-');
  // 50 starting credits of the seed, and 20 granted.
  seedPremiumUser(dataDir, EMAIL, { grant: 20 });
  app = await startApp({ STARTING_CREDITS: '0', TIME_SCALE: '0.02', DATA_DIR: dataDir });
});

afterAll(async () => {
  await app?.stop();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `batches-${name}.png`), fullPage: true });
}

describe('a batch from the generator', () => {
  it('3 prompts × 2 variations: "6 credits", runs, groups its 6 results, one ZIP of 6 images', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${app.url}/create/flux-schnell`);
    await page.getByTestId('header-signin').click();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('credits-badge').textContent()).toBe('70 credits');

    await page.getByRole('switch', { name: 'Batch: many prompts in one go' }).check();
    await page.getByLabel('Prompts, one per line').fill('a fox in the snow\n\nan owl at dusk\na hare in a meadow\n');
    await page.getByLabel('Variations of each prompt').selectOption('2');
    await expect.poll(() => page.getByTestId('generate-button').textContent()).toBe('Generate 6 · 6 credits');
    expect(await page.getByTestId('credit-cost').textContent()).toBe('6');
    expect(await page.getByTestId('batch-prompt-count').textContent()).toBe('3 prompts of 50');
    await expect.poll(() => page.getByTestId('generate-button').isEnabled()).toBe(true);
    await shot(page, 'form');

    await startRecording(page, 'title', 'title', 'text');
    await page.getByTestId('generate-button').click();
    const card = page.getByTestId('batch-card');
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('credits-badge').textContent()).toBe('64 credits');
    await expect.poll(() => card.getByTestId('batch-done').textContent(), { timeout: 120_000 }).toBe('6 of 6 done');
    expect(await card.getByTestId('batch-item').count()).toBe(6);
    expect(await card.locator('[data-testid="batch-item"][data-status="succeeded"] img').count()).toBe(6);
    // While it ran the title counted it, then the page's own title came back.
    const titles = await recorded(page, 'title');
    expect(titles.some((title) => /^\([0-5]\/6\) /.test(title))).toBe(true);
    await expect.poll(() => page.title()).not.toMatch(/^\(\d+\/6\)/);
    await shot(page, 'done');

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('batch-download').click()]);
    const saved = path.join(dataDir, 'batch.zip');
    await download.saveAs(saved);
    const entries = unzip(readFileSync(saved));
    expect(entries).toHaveLength(6);
    for (const entry of entries) expect(entry.name).toMatch(/\.(png|webp|jpg)$/);

    await page.goto(`${app.url}/creations`);
    const grouped = page.getByTestId('recent-batches').getByTestId('batch-card');
    await grouped.waitFor({ timeout: 30_000 });
    expect(await grouped.getByTestId('batch-done').textContent()).toBe('6 of 6 done');
    expect(await page.getByTestId('credits-badge').textContent()).toBe('64 credits');
    await shot(page, 'creations');
    await context.close();
  });
});
