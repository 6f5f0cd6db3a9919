/**
 * Account → Privacy end to end on the embedded defaults (issue 41): a person signs in, makes a
 * creation, opens Account → Privacy from the account menu, prepares "Download my data", watches it
 * become ready and downloads the zip (their creation's file and data.json inside), then deletes
 * their account by typing their e-mail (a wrong one first: nothing happens) and lands on the home
 * page signed out. Their old session cookie is refused afterwards. Screenshots go to
 * test-results/e2e/privacy-*.png.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@test/helpers/zip';
import { startApp, type AppServer } from './helpers/app-server';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';

const DESKTOP = { width: 1360, height: 900 };
const EMAIL = 'grace.hopper@example.com';

let browser: Browser;
let context: BrowserContext;
let app: AppServer;

beforeAll(async () => {
  browser = await launchChromium();
  app = await startApp({ STARTING_CREDITS: '100', TIME_SCALE: '0.02' });
  context = await browser.newContext({ viewport: DESKTOP });
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `privacy-${name}.png`), fullPage: true });
}

/** Clicks `target` until `shown` is visible: a button in the server's HTML does nothing until the page has hydrated. */
async function clickUntilShown(target: Locator, shown: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await shown.isVisible()) return true;
        await target.click({ timeout: 2_000 }).catch(() => undefined);
        return shown.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

describe('download my data, then delete my account', () => {
  it('a person downloads their data, deletes their account, lands signed out, and their old session cookie is refused', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await clickUntilShown(page.getByTestId('header-signin'), page.getByText('Sign in to your account to continue'));
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });

    // A creation of theirs, through the REST door as the signed-in page would send it.
    const submitted = await page.request.post(`${app.url}/api/unigen`, { headers: { origin: app.url }, data: { model_id: 'flux-schnell', prompt: 'a compiler in a lighthouse' } });
    expect(submitted.status(), await submitted.text()).toBe(200);
    const id = ((await submitted.json()) as { data: { id: string } }).data.id;
    await expect
      .poll(async () => ((await (await page.request.get(`${app.url}/api/unigen/${id}`)).json()) as { data: { status: string } }).data.status, { timeout: 60_000 })
      .toBe('succeeded');

    // Account → Privacy from the account menu.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByTestId('menu-privacy').click();
    await page.waitForURL(`${app.url}/account/privacy`);
    await page.getByTestId('privacy-retention').getByText('for 30 days').waitFor();
    await shot(page, 'page');

    await clickUntilShown(page.getByTestId('privacy-export-start'), page.getByTestId('privacy-export-progress').or(page.getByTestId('privacy-export-ready')));
    const download = page.getByTestId('privacy-export-download');
    await download.waitFor({ timeout: 60_000 });
    await shot(page, 'export-ready');
    const href = await download.getAttribute('href');
    expect(href).toMatch(/\/api\/storage\/u\/.+\/exports\/.+\.zip\?expires=\d+&sig=/);
    const zip = await page.request.get(href!);
    expect(zip.status()).toBe(200);
    const entries = unzip(Buffer.from(await zip.body()));
    const data = JSON.parse(entries.find((entry) => entry.name === 'data.json')!.data.toString('utf8')) as { profile: { email: string }; generations: { id: string; files: string[] }[] };
    expect(data.profile.email).toBe(EMAIL);
    expect(data.generations.map((generation) => generation.id)).toEqual([id]);
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(data.generations[0]!.files));

    const [session] = (await context.cookies(app.url)).filter((cookie) => cookie.name === 'next-auth.session-token');
    expect(session).toBeDefined();
    const oldCookie = `${session!.name}=${session!.value}`;

    // A wrong e-mail: nothing happens.
    await page.getByTestId('privacy-delete-email').fill('someone@example.com');
    await page.getByTestId('privacy-delete-submit').click();
    await page.getByText('This is not the e-mail address of your account. Nothing was deleted.').waitFor();
    await shot(page, 'delete-refused');
    expect((await page.request.get(`${app.url}/api/unigen/${id}`)).status()).toBe(200);

    // Their own e-mail: deleted, signed out, on the home page.
    await page.getByTestId('privacy-delete-email').fill(EMAIL);
    await page.getByTestId('privacy-delete-submit').click();
    await page.waitForURL(`${app.url}/`, { timeout: 30_000 });
    await page.getByTestId('header-signin').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('credits-badge').count()).toBe(0);
    await shot(page, 'signed-out');

    // The old session cookie is refused, by the REST doors and by the API.
    const details = await fetch(`${app.url}/api/get-user-details`, { method: 'POST', headers: { cookie: oldCookie, origin: app.url, 'content-type': 'application/json' }, body: '{}' });
    expect(details.status).toBe(401);
    const trpc = await fetch(`${app.url}/api/trpc/user.details`, { headers: { cookie: oldCookie } });
    expect(trpc.status).toBe(401);
  });
});
