/**
 * Issue 19 item 18 end to end on the embedded defaults (no payment keys: the local checkout stands
 * in, a banner says so): from /pricing a visitor signs in, buys the smallest pack through the local
 * checkout, the header's balance rises by the pack's credits without a reload, and Account →
 * Billing lists the purchase; a second tab replaying the success URL grants nothing more.
 * Screenshots go to test-results/e2e/billing-*.png.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';
import { recorded, startRecording } from './helpers/record';

const STARTING_CREDITS = 100;
const DESKTOP = { width: 1360, height: 900 };

let browser: Browser;
let context: BrowserContext;
let app: AppServer;

beforeAll(async () => {
  browser = await launchChromium();
  app = await startApp({ STARTING_CREDITS: String(STARTING_CREDITS), TIME_SCALE: '0.02' });
  context = await browser.newContext({ viewport: DESKTOP });
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `billing-${name}.png`), fullPage: true });
}

/**
 * Clicks `target` until `shown` is visible: a button in the server's HTML does nothing until the
 * page has hydrated. A click the opening dialog's backdrop intercepts is simply the next round's.
 */
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

/** A fresh browser context signed in as `email` on /pricing (each test its own person). */
async function signedInOnPricing(email: string): Promise<{ own: BrowserContext; page: Page }> {
  const own = await browser.newContext({ viewport: DESKTOP });
  const page = await own.newPage();
  await page.goto(`${app.url}/pricing`);
  await clickUntilShown(page.getByTestId('header-signin'), page.getByText('Sign in to your account to continue'));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
  return { own, page };
}

const creditsOf = (text: string | null) => Number((text ?? '').replace(/[^0-9-]/g, ''));

describe('buying credits through the local checkout', () => {
  it('visitor → sign in → smallest pack → Pay → the balance rises at once → Account → Billing; a replayed success URL grants nothing more', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/pricing`);

    // Prices for everyone, in the page's HTML; the local checkout's banner.
    await page.getByTestId('local-checkout-banner').waitFor();
    const cards = page.getByTestId('pack-card');
    await cards.first().waitFor();
    const packs = await cards.evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute('data-pack')!,
        credits: Number((el.querySelector('[data-testid="pack-credits"]')?.textContent ?? '').replace(/[^0-9]/g, '')),
        price: el.querySelector('[data-testid="pack-price"]')?.textContent ?? '',
        per100: el.querySelector('[data-testid="pack-per-100"]')?.textContent ?? '',
      })),
    );
    expect(packs.length).toBeGreaterThan(1);
    for (const pack of packs) {
      expect(pack.price).toMatch(/^\$\d+\.\d\d$/);
      expect(pack.per100).toMatch(/^\$\d+\.\d\d per 100 credits$/);
    }
    expect(await page.getByTestId('plan-card').getByText('A queue wait of about 10 s instead of 60 s').count()).toBe(1);
    const smallest = packs.reduce((a, b) => (b.credits < a.credits ? b : a));
    await shot(page, 'pricing-visitor');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'pricing-phone');
    await page.setViewportSize(DESKTOP);

    // A visitor's Buy opens the sign-in modal (clicked again until the page has hydrated and answers).
    const buySmallest = page.locator(`[data-testid="pack-card"][data-pack="${smallest.id}"]`).getByTestId('pack-buy');
    await clickUntilShown(buySmallest, page.getByText('Sign in to your account to continue'));
    await page.getByLabel('Email').fill('buyer@example.com');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    // Back on /pricing, signed in.
    await page.waitForURL(/\/pricing$/);
    const badge = page.getByTestId('credits-badge');
    await badge.waitFor({ timeout: 30_000 });
    expect(await badge.textContent()).toBe(`${STARTING_CREDITS} credits`);
    expect(await badge.getAttribute('href')).toBe('/pricing');

    // From here on nothing reloads the page: a marker on the window must survive to the end.
    await page.evaluate(() => ((window as unknown as { billingNoReload: boolean }).billingNoReload = true));
    await startRecording(page, 'balance', '[data-testid="credits-badge"]', 'text');

    await buySmallest.click();
    await page.waitForURL(/\/billing\/local-checkout\?session=/);
    await page.getByTestId('local-checkout-notice').getByText('No money moves').waitFor();
    expect(await page.getByTestId('local-checkout-item').textContent()).toBe(`${smallest.credits.toLocaleString('en-US')} credits`);
    expect(await page.getByTestId('local-checkout-amount').textContent()).toBe(smallest.price);
    await shot(page, 'local-checkout');

    await page.getByTestId('local-checkout-pay').click();
    await page.waitForURL(/\/billing\/success\?session_id=/);
    const successUrl = page.url();
    await page.locator('[data-testid="billing-success"][data-state="granted"]').waitFor();
    expect(await page.getByTestId('success-credits').textContent()).toBe(`${smallest.credits.toLocaleString('en-US')} credits were added to your balance.`);
    const expected = STARTING_CREDITS + smallest.credits;
    await expect.poll(() => badge.textContent()).toBe(`${expected.toLocaleString('en-US')} credits`);
    expect(await page.evaluate(() => (window as unknown as { billingNoReload?: boolean }).billingNoReload)).toBe(true);
    // The header went straight from the old balance to the new one.
    expect((await recorded(page, 'balance')).map(creditsOf)).toEqual([STARTING_CREDITS, expected]);
    await shot(page, 'success');

    // Account → Billing from the account menu.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await page.waitForURL(/\/account\/billing$/);
    const rows = page.getByTestId('purchase-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-item')).toBe(smallest.id);
    expect(await rows.first().getByTestId('purchase-amount').textContent()).toBe(smallest.price);
    expect(await page.getByTestId('history-row').first().getAttribute('data-reason')).toBe('purchase_grant');
    expect(await page.getByTestId('history-row').first().getByTestId('history-amount').textContent()).toBe(`+${smallest.credits.toLocaleString('en-US')}`);
    expect(await page.evaluate(() => (window as unknown as { billingNoReload?: boolean }).billingNoReload)).toBe(true);
    await shot(page, 'account');

    // A second tab replays the success URL: the same answer, nothing more granted.
    const replay = await context.newPage();
    await replay.goto(successUrl);
    await replay.locator('[data-testid="billing-success"][data-state="granted"]').waitFor();
    await expect.poll(() => replay.getByTestId('credits-badge').textContent()).toBe(`${expected.toLocaleString('en-US')} credits`);
    expect(await replay.getByTestId('success-balance').textContent()).toBe(`Your balance: ${expected.toLocaleString('en-US')} credits`);
    await shot(replay, 'replayed');
    await replay.close();

    await page.reload();
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await page.locator('[data-testid="history-row"][data-reason="purchase_grant"]').count()).toBe(1);
    await expect.poll(() => badge.textContent()).toBe(`${expected.toLocaleString('en-US')} credits`);
    await page.close();
  });

  it('Cancel on the local checkout returns to /pricing and changes nothing', async () => {
    const { own, page } = await signedInOnPricing('window-shopper@example.com');
    const badge = page.getByTestId('credits-badge');
    expect(await badge.textContent()).toBe(`${STARTING_CREDITS} credits`);
    await page.getByTestId('pack-buy').first().click();
    await page.waitForURL(/\/billing\/local-checkout\?session=/);
    await page.getByTestId('local-checkout-cancel').click();
    await page.waitForURL(/\/pricing$/);
    await page.getByTestId('pack-card').first().waitFor();
    expect(await badge.textContent()).toBe(`${STARTING_CREDITS} credits`);
    await page.goto(`${app.url}/account/billing`);
    expect(await page.getByTestId('purchases-empty').textContent()).toBe('No purchases yet.');
    expect(await badge.textContent()).toBe(`${STARTING_CREDITS} credits`);
    await own.close();
  });

  it('the premium plan: subscribe → premium with its monthly credits → "Your plan" → Manage → the local portal cancels and keeps it', async () => {
    const { own, page } = await signedInOnPricing('subscriber@example.com');
    await page.getByTestId('plan-subscribe').click();
    await page.waitForURL(/\/billing\/local-checkout\?session=/);
    expect(await page.getByTestId('local-checkout-item').textContent()).toMatch(/^Premium, [\d,]+ credits a month$/);
    await page.getByTestId('local-checkout-pay').click();
    await page.locator('[data-testid="billing-success"][data-state="granted"]').waitFor();
    const granted = (await page.getByTestId('success-credits').textContent()) ?? '';
    expect(granted).toMatch(/^Premium is on, and [\d,]+ credits were added for this month\.$/);
    const monthly = creditsOf(granted);
    await expect.poll(() => page.getByTestId('credits-badge').textContent()).toBe(`${(STARTING_CREDITS + monthly).toLocaleString('en-US')} credits`);
    await page.getByTestId('premium-badge').waitFor();

    await page.getByTestId('footer-pricing').click();
    await page.waitForURL(/\/pricing$/);
    const line = page.getByTestId('plan-status-line');
    expect(await line.textContent()).toMatch(/^Renews on /);
    expect(await page.getByTestId('plan-subscribe').count()).toBe(0);
    await shot(page, 'pricing-premium');

    await page.getByTestId('manage-subscription').click();
    await page.waitForURL(/\/billing\/local-portal$/);
    await page.getByTestId('portal-cancel-at-period-end').click();
    await expect.poll(() => line.textContent()).toMatch(/^Cancelled: premium ends on /);
    await shot(page, 'portal-cancelled');
    await page.getByTestId('portal-resume').click();
    await expect.poll(() => line.textContent()).toMatch(/^Renews on /);
    await own.close();
  });
});
