/**
 * The generator end to end on the embedded defaults (embedded database, local engine, dev
 * sign-in), with TIME_SCALE=0.02 so the 60 s queue wait and the model's run take about a second.
 * Screenshots go to test-results/e2e/ (CI artifacts).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { newDataDir } from './helpers/database-template';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';
import { openSignedIn } from './helpers/sign-in';
import { recorded, startRecording } from './helpers/record';
import { seedPremiumUser } from './helpers/users';

const TIME_SCALE = '0.02';
const PREMIUM_EMAIL = 'grace@example.com';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** Signs in through the modal that is already open (header button or Generate). */
async function completeSignIn(page: Page, email: string): Promise<void> {
  await page.getByText('Sign in to your account to continue').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
}

async function signInFromHeader(page: Page, email: string): Promise<void> {
  await page.getByTestId('header-signin').click();
  await completeSignIn(page, email);
}

async function credits(page: Page): Promise<string> {
  return (await page.getByTestId('credits-badge').textContent()) ?? '';
}

async function fillPrompt(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(text);
  await expect.poll(() => page.getByTestId('generate-button').isEnabled()).toBe(true);
}

describe('a studio with 5 starting credits', () => {
  let app: AppServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = newDataDir('studio-e2e-generator-');
    seedPremiumUser(dataDir, PREMIUM_EMAIL);
    app = await startApp({ STARTING_CREDITS: '5', TIME_SCALE, DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a free user generates with FLUX schnell: queue notice, the result image, credits 1 lower', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(`${app.url}/create/flux-schnell`);
    await page.getByTestId('app-title').waitFor();
    await shot(page, 'generator-anonymous');
    await signInFromHeader(page, 'ada@example.com');
    expect(page.url()).toBe(`${app.url}/create/flux-schnell`);
    expect(await credits(page)).toBe('5 credits');
    expect(await page.getByTestId('model-picker').count()).toBe(0);
    expect(await page.getByTestId('credit-cost').textContent()).toBe('1');
    // Not premium: the privacy switch is locked.
    expect(await page.getByRole('switch', { name: 'Public' }).isDisabled()).toBe(true);

    await fillPrompt(page, 'A lighthouse on a cliff during a storm, cinematic');
    // The notice counts down (one second each 20 ms here): record what it said from the start.
    await startRecording(page, 'queue', '[data-testid="queue-notice"]', 'text');
    await page.getByTestId('generate-button').click();
    await page.getByTestId('queue-notice').waitFor();
    expect((await recorded(page, 'queue'))[0]).toBe('Queue wait time: ~60s');
    expect(await page.getByTestId('generate-button').textContent()).toContain('Generating...');
    await shot(page, 'generator-free-queue');

    await page.getByTestId('output-image').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('queue-notice').count()).toBe(0);
    await expect.poll(() => credits(page)).toBe('4 credits');
    const src = await page.getByTestId('output-image').first().locator('img').getAttribute('src');
    expect(src).toBeTruthy();
    // As the owner's browser loads it (their cookie): a public result is private until its screen
    // answers, and only its owner may read it meanwhile.
    const image = await page.request.get(new URL(src!, app.url).href);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
    expect(await page.getByTestId('output-download').first().getAttribute('download')).toBeTruthy();
    // Free users do not get the Recent Creations widget.
    expect(await page.getByTestId('recent-creations').count()).toBe(0);
    await shot(page, 'generator-free-result');
    await page.close();
  });

  it('an anonymous visitor who presses Generate gets the login modal and lands back on the same page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/create/flux-schnell`);
    await fillPrompt(page, 'A fox in fresh snow');
    await page.getByTestId('generate-button').click();
    await page.getByText('Sign in to your account to continue').waitFor();
    await shot(page, 'generator-login-modal');
    await completeSignIn(page, 'alan@example.com');
    expect(page.url()).toBe(`${app.url}/create/flux-schnell`);
    await page.getByTestId('dynamic-form').waitFor();
    await context.close();
  });

  it('a premium user makes a private generation: no queue notice, private in My creations', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, app.url, '/create/flux-schnell', PREMIUM_EMAIL);
    await page.getByTestId('premium-badge').waitFor();
    const before = await credits(page);
    const privacy = page.getByRole('switch', { name: 'Public' });
    await expect.poll(() => privacy.isDisabled()).toBe(false);
    await privacy.uncheck({ force: true });
    expect(await privacy.isChecked()).toBe(false);
    await fillPrompt(page, 'A private portrait of a cat astronaut');
    const pushed: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('prediction.onUpdate')) pushed.push(request.url());
    });
    await page.getByTestId('generate-button').click();
    await page.getByTestId('output-image').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('queue-notice').count()).toBe(0);
    // The result is also pushed over the tRPC subscription (SSE), with polling as the fallback.
    expect(pushed.length).toBeGreaterThan(0);
    await expect.poll(() => credits(page)).toBe(`${Number.parseInt(before, 10) - 1} credits`);
    // Premium users see their recent creations on the generator.
    await page.getByTestId('recent-item').first().waitFor();
    await shot(page, 'generator-premium-result');

    await page.getByTestId('recent-view-all').click();
    await page.waitForURL(`${app.url}/creations`);
    await page.getByTestId('creation-card').first().click();
    await page.getByTestId('creation-details').waitFor();
    expect(await page.getByTestId('creation-details').textContent()).toContain('Private');
    await shot(page, 'creations-private');

    // Someone else cannot open it.
    const id = await page.getByTestId('creation-card').first().getAttribute('data-id');
    const other = await fetch(`${app.url}/api/unigen/${id}`);
    expect(other.status).toBe(404);
    await context.close();
  });

  it('a phone-sized generator: form, sticky footer and result fit the screen', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await openSignedIn(page, app.url, '/create/flux-schnell', 'phone@example.com');
    await fillPrompt(page, 'A bowl of ramen, overhead shot');
    const footer = await page.getByTestId('generate-button').boundingBox();
    expect(footer).not.toBeNull();
    expect(footer!.y + footer!.height).toBeLessThanOrEqual(844);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'generator-phone-form');
    await page.getByTestId('generate-button').tap();
    await page.getByTestId('output-image').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => credits(page)).toBe('4 credits');
    await shot(page, 'generator-phone-result');
    await context.close();
  });

  it('the prompt grows with its text from 3 to 10 lines, then scrolls, with or without field-sizing', async () => {
    // A browser without `field-sizing: content` (Safari and Firefox today), as far as the page can tell.
    const withoutFieldSizing = `(() => {
      const supports = CSS.supports.bind(CSS);
      CSS.supports = (a, b) => (String(a).includes('field-sizing') ? false : supports(a, b));
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = 'textarea { field-sizing: fixed !important; }';
        document.head.appendChild(style);
      });
    })();`;
    for (const legacy of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (legacy) await context.addInitScript({ content: withoutFieldSizing });
      const page = await context.newPage();
      await page.goto(`${app.url}/create/flux-schnell`);
      const prompt = page.locator('[data-control="prompt"] textarea');
      await page.getByTestId('generate-button').waitFor();
      const lineHeight = await prompt.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
      // The field's own padding and border, on top of its lines.
      const frame = await prompt.evaluate((node) => {
        const style = getComputedStyle(node);
        return parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
      });
      const height = () => prompt.evaluate((node) => (node as HTMLElement).offsetHeight);
      const lines = async () => Math.round(((await height()) - frame) / lineHeight);
      expect(await lines()).toBe(3);
      await prompt.fill('one\ntwo\nthree\nfour\nfive');
      await expect.poll(() => lines()).toBe(5);
      await prompt.fill('line\n'.repeat(30));
      await expect.poll(() => lines()).toBe(10);
      expect(await prompt.evaluate((node) => node.scrollHeight > node.clientHeight)).toBe(true);
      await prompt.fill('');
      await expect.poll(() => lines()).toBe(3);
      await context.close();
    }
  });

  it("an unknown app says 'Error: App configuration not found.'", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${app.url}/create/no-such-app`);
    expect(response?.status()).toBe(404);
    expect(await page.getByTestId('app-not-found').textContent()).toBe('Error: App configuration not found.');
    await page.close();
  });

  it('a LoRA page links to create/flux-lora?lora={id}, which preselects the LoRA', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(`${app.url}/models/flux-realism`);
    const link = page.getByTestId('lora-create');
    expect(await link.getAttribute('href')).toBe('/create/flux-lora?lora=flux-realism');
    await shot(page, 'lora-details');
    await link.click();
    await page.waitForURL(`${app.url}/create/flux-lora?lora=flux-realism`);
    await page.getByTestId('dynamic-form').waitFor();
    expect(await page.getByTestId('credit-cost').textContent()).toBe('15');
    await page.close();
  });

  it('an image effect page opens the effect model with the effect chosen', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(`${app.url}/image-effects/ghibli`);
    expect(await page.getByTestId('effect-title').textContent()).toBe('Ghibli Style');
    await page.getByTestId('dynamic-form').waitFor();
    expect(await page.getByTestId('dynamic-form').getAttribute('data-model')).toBe('kontext-style-effect');
    await shot(page, 'image-effect');
    await page.close();
  });

  it('the generator speaks Spanish under /es', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/es/create/flux-schnell`);
    await page.getByTestId('dynamic-form').waitFor();
    expect(await page.getByTestId('generate-button').textContent()).toBe('Generar');
    expect(await page.getByText('Créditos necesarios').count()).toBe(1);
    await page.close();
  });

  it('the home page lists every app', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(`${app.url}/`);
    await page.getByTestId('apps-grid').waitFor();
    expect(await page.getByTestId('app-card-flux-schnell').getAttribute('href')).toBe('/create/flux-schnell');
    await shot(page, 'home');
    await page.close();
  });
});

describe('a studio with no starting credits', () => {
  let app: AppServer;

  beforeAll(async () => {
    app = await startApp({ STARTING_CREDITS: '0', TIME_SCALE });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("Generate shows 'Insufficient credits' and sends nothing", async () => {
    const page = await browser.newPage();
    await openSignedIn(page, app.url, '/create/flux-schnell', 'broke@example.com');
    expect(await credits(page)).toBe('0 credits');
    await fillPrompt(page, 'A fox');
    const submits: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('generation.submit')) submits.push(request.url());
    });
    await page.getByTestId('generate-button').click();
    await page.getByText('This generation needs 1 credits, but you only have 0.').waitFor();
    expect(await page.getByText('Insufficient credits', { exact: true }).count()).toBe(1);
    await shot(page, 'generator-insufficient-credits');
    expect(submits).toEqual([]);
    expect(await page.getByTestId('output-placeholder').count()).toBe(1);
    await page.close();
  });
});

describe('a studio in maintenance', () => {
  let app: AppServer;

  beforeAll(async () => {
    app = await startApp({ STARTING_CREDITS: '5', TIME_SCALE, MAINTENANCE_ENABLED: 'true' });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("Generate shows 'System Maintenance' with the message, before anything else", async () => {
    const context: BrowserContext = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/create/flux-schnell`);
    await page.getByTestId('maintenance-banner').waitFor();
    // Even signed out, maintenance comes first (core-flow §5 step 1).
    await fillPrompt(page, 'A fox');
    await page.getByTestId('generate-button').click();
    await page.getByText('System is under maintenance. Expected downtime: 6 hours. Please try again later.').first().waitFor();
    expect(await page.getByText('System Maintenance', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Sign in to your account to continue').count()).toBe(0);
    await shot(page, 'generator-maintenance');
    await context.close();
  });
});
