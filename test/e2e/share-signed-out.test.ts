/**
 * The share page's header for the visitor it is made for, signed out and arrived from a shared
 * link, in Chromium (issue 39): the page ships no JavaScript, so every control in its header is a
 * link. "Sign in" leads to the sign-in page and, once signed in, back to the same share page; a
 * language leads to the share page in that language (/fr/c/{id}); the colour-scheme toggle, which
 * needs a script, is not offered.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';

const DESKTOP = { width: 1360, height: 900 };

let browser: Browser;
let app: AppServer;
let sharedId = '';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `share-signed-out-${name}.png`), fullPage: true });
}

/** Signs in with the development sign-in from the dialog the page has open. */
async function signInWithEmail(page: Page, email: string): Promise<void> {
  await page.getByTestId('dev-signin-form').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
}

/** The owner makes a public creation and waits for it to succeed and pass its screen. */
async function sharedCreation(owner: BrowserContext): Promise<string> {
  const page = await owner.newPage();
  await page.goto(`${app.url}/creations`);
  await page.getByTestId('header-signin').click();
  await signInWithEmail(page, 'owner@example.com');
  await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
  const answer = await page.request.post(`${app.url}/api/unigen`, { headers: { origin: app.url }, data: { model_id: 'flux-schnell', prompt: 'a lighthouse at dusk', is_public: true } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { id } = ((await answer.json()) as { data: { id: string } }).data;
  await vi.waitFor(
    async () => {
      const { status, error, review } = ((await (await page.request.get(`${app.url}/api/unigen/${id}`)).json()) as { data: { status: string; error: string | null; review: string | null } }).data;
      if (status === 'failed') throw new Error(`${id} failed: ${error}`);
      if (status !== 'succeeded') throw new Error(`${id} is ${status}`);
      // A public result is shown to others once its screen has answered.
      if (review !== null) throw new Error(`${id} is ${review}`);
    },
    { timeout: 120_000, interval: 250 },
  );
  await page.close();
  return id;
}

/** The header's language links (the footer has the same ones, shown on phones only). */
const headerLanguages = (page: Page) => page.locator('header [data-testid="locale-links"]');

beforeAll(async () => {
  browser = await launchChromium();
  app = await startApp({ STARTING_CREDITS: '100', TIME_SCALE: '0.01' });
  const owner = await browser.newContext({ viewport: DESKTOP });
  sharedId = await sharedCreation(owner);
  await owner.close();
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await browser?.close();
});

describe('the share page, signed out', () => {
  it('has a header that works without JavaScript: sign in and come back, then switch the language', async () => {
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const page = await visitor.newPage();
    const sharePath = `/c/${sharedId}`;
    const shown = await page.goto(`${app.url}${sharePath}`);
    expect(shown?.status()).toBe(200);
    // The page ships no script: what its header offers must work without one.
    expect((await shown!.text()).match(/<script[^>]*\ssrc=/g) ?? []).toEqual([]);
    await page.getByTestId('share-image').waitFor();
    expect(await page.getByRole('button', { name: 'Toggle light and dark theme' }).count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await headerLanguages(page).getByRole('link').allTextContents()).toEqual(['EN', 'ES', 'FR', 'DE', 'PT', 'JA']);
    await shot(page, 'before');

    // "Sign in" is a link to the sign-in page, which returns here.
    const signIn = page.getByTestId('header-signin');
    expect(await signIn.evaluate((element) => element.tagName)).toBe('A');
    await signIn.click();
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(sharePath);
    await signInWithEmail(page, 'visitor@example.com');
    await page.waitForURL((url) => url.pathname === sharePath, { timeout: 30_000 });
    await page.getByTestId('share-image').waitFor();
    expect(await page.getByTestId('header-account').textContent()).toBe('Account');
    expect(await page.getByTestId('header-signin').count()).toBe(0);
    const made = (await page.getByTestId('share-model').textContent()) ?? '';
    expect(made).toMatch(/^Made with /);
    await shot(page, 'signed-in');

    // A language is a link to this share page in that language.
    await headerLanguages(page).getByRole('link', { name: 'Français' }).click();
    await page.waitForURL((url) => url.pathname === `/fr${sharePath}`);
    expect(await page.getByTestId('share-model').textContent()).toBe(made.replace(/^Made with /, 'Créé avec '));
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await headerLanguages(page).locator('[aria-current="page"]').textContent()).toBe('FR');
    expect(await page.getByTestId('header-account').count()).toBe(1);
    await shot(page, 'fr');

    // And back to English from the French page.
    await headerLanguages(page).getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => url.pathname === sharePath);
    expect(await page.getByTestId('share-model').textContent()).toBe(made);
    await visitor.close();
  });
});
