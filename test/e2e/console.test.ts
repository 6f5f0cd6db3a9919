/**
 * The operator's console end to end on the embedded defaults (issue 35): /admin answers anyone but
 * staff with the 404 of a missing page and the header shows them no "Admin"; an admin (made with
 * `npm run user -- --role admin`) finds a user by e-mail and grants 100 credits with a reason, and
 * the user's own open tab shows the new balance without a reload; the audit page lists the grant
 * with its reason; maintenance switched on in the console refuses the user's next Generate with the
 * spec's toast. Screenshots go to test-results/e2e/console-*.png.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { newDataDir } from './helpers/database-template';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';
import { seedStaff } from './helpers/users';

const DESKTOP = { width: 1360, height: 900 };
const ADMIN_EMAIL = 'operator@example.com';
const USER_EMAIL = 'customer@example.com';
const REASON = 'Goodwill for a slow job';
const NOT_FOUND_TEXT = 'This page does not exist.';
const MAINTENANCE_TEXT = 'System is under maintenance. Expected downtime: 6 hours. Please try again later.';

let browser: Browser;
let app: AppServer;
let dataDir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = newDataDir('studio-e2e-console-');
  seedStaff(dataDir, ADMIN_EMAIL, 'admin');
  app = await startApp({ STARTING_CREDITS: '100', TIME_SCALE: '0.02', DATA_DIR: dataDir });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await app?.stop();
  await browser?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `console-${name}.png`), fullPage: true });
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

/** A fresh browser (its own cookies) on `path`, signed in with the development sign-in as `email`. */
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

/**
 * What a page answers: its status, its title and whether it says the page does not exist (once
 * hydrated: the banners around it come and go with the client's own requests).
 */
async function answerOf(page: Page, at: string): Promise<{ status: number | undefined; title: string; notFound: boolean; console: boolean }> {
  const response = await page.goto(`${app.url}${at}`);
  await page.getByText(NOT_FOUND_TEXT).waitFor({ timeout: 15_000 }).catch(() => undefined);
  return { status: response?.status(), title: await page.title(), notFound: (await page.getByText(NOT_FOUND_TEXT).count()) > 0, console: (await page.getByTestId('console-nav').count()) > 0 };
}

const creditsOf = (text: string | null) => Number((text ?? '').replace(/[^0-9-]/g, ''));

let userPage: Page;
let adminPage: Page;

describe('the console is hidden from everyone but staff', () => {
  it('signed out and as a user, every /admin page answers exactly as a page that does not exist, and no "Admin" link shows', async () => {
    const visitor = await browser.newContext({ viewport: DESKTOP });
    contexts.push(visitor);
    const page = await visitor.newPage();
    const missing = await answerOf(page, '/admin/no-such-page');
    expect(missing).toMatchObject({ status: 404, notFound: true, console: false });
    for (const at of ['/admin', '/admin/users', '/admin/jobs', '/admin/payments', '/admin/moderation', '/admin/audit']) {
      expect({ at, ...(await answerOf(page, at)) }).toEqual({ at, ...missing });
    }

    userPage = await signedIn(USER_EMAIL, '/create/flux-schnell');
    const check = await userPage.context().newPage();
    for (const at of ['/admin', '/admin/users', '/admin/audit']) {
      expect({ at, ...(await answerOf(check, at)) }).toEqual({ at, ...missing });
    }
    await check.close();
    expect(await userPage.getByTestId('header-admin').count()).toBe(0);
    expect(creditsOf(await userPage.getByTestId('credits-badge').textContent())).toBe(100);
  });
});

describe('an admin at work', () => {
  it('finds the user by e-mail and grants 100 credits with a reason; the user’s own open tab shows the new balance without a reload', async () => {
    // The user's tab stays open from here on; a marker on its window must survive to the end.
    await userPage.evaluate(() => ((window as unknown as { consoleNoReload: boolean }).consoleNoReload = true));

    adminPage = await signedIn(ADMIN_EMAIL, '/');
    await adminPage.getByTestId('header-admin').click();
    await adminPage.waitForURL(`${app.url}/admin`);
    await adminPage.getByTestId('console-nav').getByRole('link', { name: 'Users' }).click();
    await adminPage.waitForURL(`${app.url}/admin/users`);
    await adminPage.getByTestId('user-search').fill(USER_EMAIL);
    const hit = adminPage.getByTestId('user-hit').getByRole('link', { name: USER_EMAIL });
    await hit.waitFor({ timeout: 15_000 });
    await shot(adminPage, 'search');
    await hit.click();
    await adminPage.waitForURL(/\/admin\/users\/c[a-z0-9]+$/);
    expect(creditsOf(await adminPage.getByTestId('user-balance').textContent())).toBe(100);

    const form = adminPage.getByTestId('credits-form');
    await form.getByTestId('credits-amount').fill('100');
    await form.getByTestId('credits-form-reason').fill(REASON);
    await form.getByTestId('credits-form-submit').click();
    await adminPage.getByText('Done.', { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => creditsOf(await adminPage.getByTestId('user-balance').textContent()), { timeout: 15_000 }).toBe(200);
    await adminPage.locator('[data-testid="ledger-row"][data-reason="admin_grant"]').getByText(REASON).waitFor();
    await shot(adminPage, 'user-granted');

    await expect.poll(async () => creditsOf(await userPage.getByTestId('credits-badge').textContent()), { timeout: 20_000 }).toBe(200);
    expect(await userPage.evaluate(() => (window as unknown as { consoleNoReload?: boolean }).consoleNoReload)).toBe(true);
    await shot(userPage, 'user-balance');
  });

  it('the audit page lists the grant with its reason', async () => {
    await adminPage.getByTestId('console-nav').getByRole('link', { name: 'Audit log' }).click();
    await adminPage.waitForURL(`${app.url}/admin/audit`);
    const row = adminPage.locator('[data-testid="audit-row"][data-action="credits.grant"]');
    await row.first().waitFor({ timeout: 15_000 });
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId('audit-reason').textContent()).toBe(REASON);
    expect(await row.innerText()).toContain(ADMIN_EMAIL);
    await shot(adminPage, 'audit');
  });

  it('maintenance switched on in the console refuses the user’s next Generate with the spec’s toast', async () => {
    await adminPage.getByTestId('console-nav').getByRole('link', { name: 'Overview' }).click();
    await adminPage.waitForURL(`${app.url}/admin`);
    const state = adminPage.getByTestId('maintenance-state');
    await state.waitFor({ timeout: 15_000 });
    expect(await state.getAttribute('data-enabled')).toBe('false');
    const form = adminPage.getByTestId('maintenance-form');
    expect(await form.getByTestId('maintenance-enabled').isChecked()).toBe(true);
    await form.getByTestId('maintenance-form-reason').fill('Database upgrade');
    await form.getByTestId('maintenance-form-submit').click();
    await expect.poll(() => state.getAttribute('data-enabled'), { timeout: 15_000 }).toBe('true');
    await adminPage.getByTestId('overview').waitFor({ timeout: 15_000 });
    await shot(adminPage, 'overview-maintenance');

    // The user's tab, still not reloaded: its page knew nothing of maintenance when it loaded.
    await userPage.bringToFront();
    await userPage.getByRole('textbox', { name: 'Prompt' }).fill('A lighthouse on a cliff');
    await expect.poll(() => userPage.getByTestId('generate-button').isEnabled(), { timeout: 10_000 }).toBe(true);
    await userPage.getByTestId('generate-button').click();
    await userPage.getByText(MAINTENANCE_TEXT).first().waitFor({ timeout: 15_000 });
    expect(await userPage.getByText('System Maintenance', { exact: true }).count()).toBeGreaterThan(0);
    expect(await userPage.evaluate(() => (window as unknown as { consoleNoReload?: boolean }).consoleNoReload)).toBe(true);
    expect(creditsOf(await userPage.getByTestId('credits-badge').textContent())).toBe(200);
    await shot(userPage, 'maintenance-toast');
  });
});
