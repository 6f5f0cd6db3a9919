/**
 * Moderation end to end in Chromium (issue 36), on the production build with screening on: a
 * public creation passes its screen (nsfwjs in the compiled worker) and its share page answers
 * 200; a signed-out visitor reports it from the page's form (no script) and reads the thank-you;
 * a moderator (support, made with `npm run user -- --role support`) opens /admin/moderation, sees
 * the report and takes the creation down with a reason; the visitor's reload is the 404 of a
 * private creation. Screenshots go to test-results/e2e/moderation-*.png.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { newDataDir } from './helpers/database-template';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';
import { seedStaff } from './helpers/users';

const DESKTOP = { width: 1360, height: 900 };
const MODERATOR_EMAIL = 'moderator@example.com';
const OWNER_EMAIL = 'maker@example.com';
const NOT_FOUND_TEXT = 'This page does not exist.';
const THANKS = 'Thank you for your report. Our moderators will look at this creation.';

let browser: Browser;
let app: AppServer;
let dataDir: string;
let creationId = '';
const contexts: BrowserContext[] = [];

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `moderation-${name}.png`), fullPage: true });
}

/**
 * Clicks `target` until `shown` is visible: a button in the server's HTML does nothing until the
 * page has hydrated (vi.waitFor, which runs in a hook too).
 */
async function clickUntilShown(target: Locator, shown: Locator): Promise<void> {
  await vi.waitFor(
    async () => {
      if (await shown.isVisible()) return;
      await target.click({ timeout: 2_000 }).catch(() => undefined);
      if (!(await shown.isVisible())) throw new Error('not shown yet');
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** A fresh browser (its own cookies) on `at`, signed in with the development sign-in as `email`. */
async function signedIn(email: string, at: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${app.url}${at}`);
  await clickUntilShown(page.getByTestId('header-signin'), page.getByText('Sign in to your account to continue'));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
  return page;
}

/** The owner makes a public creation; it succeeds and its screen lets it through. */
async function publicCreation(): Promise<string> {
  const page = await signedIn(OWNER_EMAIL, '/creations');
  const answer = await page.request.post(`${app.url}/api/unigen`, { headers: { origin: app.url }, data: { model_id: 'flux-schnell', prompt: 'a lighthouse on a cliff', is_public: true } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { id } = ((await answer.json()) as { data: { id: string } }).data;
  await vi.waitFor(
    async () => {
      const { status, review, isPublic } = ((await (await page.request.get(`${app.url}/api/unigen/${id}`)).json()) as { data: { status: string; review: string | null; isPublic: boolean } }).data;
      if (status !== 'succeeded' || review !== null || !isPublic) throw new Error(`${id} is ${status}, ${review ?? 'not under review'}, ${isPublic ? 'public' : 'private'}`);
    },
    { timeout: 120_000, interval: 250 },
  );
  await page.close();
  return id;
}

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = newDataDir('studio-e2e-moderation-');
  seedStaff(dataDir, MODERATOR_EMAIL, 'support');
  app = await startApp({ STARTING_CREDITS: '100', TIME_SCALE: '0.01', DATA_DIR: dataDir });
  creationId = await publicCreation();
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await app?.stop();
  await browser?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a report, the queue and a takedown', () => {
  let visitor: Page;

  it('a signed-out visitor reports the share page and reads the thank-you', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    visitor = await context.newPage();
    const shown = await visitor.goto(`${app.url}/c/${creationId}`);
    expect(shown?.status()).toBe(200);
    await visitor.getByTestId('share-image').waitFor();
    await visitor.getByText('Report', { exact: true }).click();
    await visitor.getByTestId('report-form').waitFor();
    await visitor.getByLabel('Sexual content').check();
    await visitor.getByTestId('report-text').fill('Not what the prompt says');
    await shot(visitor, 'report-form');
    const [sent] = await Promise.all([visitor.waitForNavigation(), visitor.getByTestId('report-send').click()]);
    expect(sent?.status()).toBe(200);
    expect(await visitor.getByTestId('report-outcome').textContent()).toBe(THANKS);
    // Nothing else changes for the reporter: the creation is still there.
    await visitor.getByTestId('share-image').waitFor();
    await shot(visitor, 'report-thanks');
  });

  it('a moderator opens the queue, sees the report and takes the creation down', async () => {
    const page = await signedIn(MODERATOR_EMAIL, '/admin/moderation');
    const item = page.locator(`[data-testid="moderation-item"][data-id="${creationId}"]`);
    await item.waitFor({ timeout: 30_000 });
    expect(await item.getByTestId('moderation-prompt').textContent()).toBe('Prompt: a lighthouse on a cliff');
    expect(await item.getByTestId('moderation-reports').textContent()).toContain('Sexual content');
    expect(await item.getByTestId('moderation-reports').textContent()).toContain('Not what the prompt says');
    await item.getByText('Take down', { exact: true }).first().click();
    await item.getByTestId('moderation-take_down-reason').fill('Reported by a visitor: explicit');
    await shot(page, 'queue');
    await item.getByTestId('moderation-take_down-submit').click();
    // Taken down, it leaves the queue for the list of takedowns, where it may be restored.
    await page.getByTestId('moderation-restore-submit').waitFor({ timeout: 30_000 });
    await shot(page, 'taken-down');
  });

  it('the visitor’s reload shows the 404 of a private creation', async () => {
    // The page again at its address (a reload that does not send the report's form a second time).
    const reloaded = await visitor.goto(`${app.url}/c/${creationId}`);
    expect(reloaded?.status()).toBe(404);
    await visitor.getByText(NOT_FOUND_TEXT).waitFor({ timeout: 15_000 });
    await shot(visitor, 'reload-404');
  });
});
