/**
 * Account → Developers in Chromium on the embedded defaults (issue 37): a person creates a key and
 * sees its secret once, a script calls `/api/v1` with it and the list shows it used, a revoke
 * refuses the next call; an endpoint added for a loopback receiver gets a signed test event (checked
 * with the scheme's reference code, standardwebhooks) and its log shows the attempt. Screenshots go
 * to test-results/e2e/developers-*.png.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';

const DESKTOP = { width: 1360, height: 900 };
const EMAIL = 'builder@example.com';
const INVALID = 'This API key is not valid. Check it, or create a new one in Account → Developers.';

type Received = { headers: IncomingHttpHeaders; body: string };

let browser: Browser;
let context: BrowserContext;
let app: AppServer;
let receiver: Server;
let receiverHost: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverHost = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  browser = await launchChromium();
  app = await startApp({ STARTING_CREDITS: '100', CALLBACK_ALLOW_HOSTS: receiverHost });
  context = await browser.newContext({ viewport: DESKTOP });
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await app?.stop();
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `developers-${name}.png`), fullPage: true });
}

/** Clicks `target` until `shown` is visible: a button in the server's HTML does nothing until the page has hydrated. */
async function clickUntilShown(target: Locator, shown: Locator): Promise<void> {
  await expect
    .poll(async () => {
      if (await shown.isVisible()) return true;
      await target.click({ timeout: 2_000 }).catch(() => undefined);
      return shown.isVisible();
    })
    .toBe(true);
}

async function developersPage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.url}/account/developers`);
  await clickUntilShown(page.getByTestId('header-signin'), page.getByText('Sign in to your account to continue'));
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByTestId('new-key-form').waitFor();
  return page;
}

/** What a script gets from `GET /api/v1/credits` with the key: no cookie, no Origin. */
async function balanceWith(secret: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${app.url}/api/v1/credits`, { headers: { authorization: `Bearer ${secret}` } });
  return { status: response.status, body: await response.json() };
}

describe('Account → Developers', () => {
  let page: Page;
  let secret: string;

  it('creates a key whose secret is shown once, and a script reads the balance with it', async () => {
    page = await developersPage();
    await page.getByTestId('key-name').fill('nightly script');
    await page.getByTestId('key-create').click();
    secret = (await page.getByTestId('new-secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^lsk_[A-Za-z0-9_-]{43,}$/);
    await shot(page, 'key-created');
    const row = page.getByTestId('key-row').filter({ hasText: 'nightly script' });
    await expect.poll(() => row.count()).toBe(1);
    const listed = (await row.textContent()) ?? '';
    expect(listed).not.toContain(secret);
    expect(listed).toContain(secret.slice(0, 12));

    expect(await balanceWith(secret)).toEqual({ status: 200, body: { credits: 100 } });

    // Shown once: after a reload the page has the key's row, never its secret.
    await page.reload();
    await page.getByTestId('key-row').first().waitFor();
    expect(await page.getByTestId('new-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await expect.poll(async () => (await page.getByTestId('key-row').filter({ hasText: 'nightly script' }).textContent()) ?? '').not.toContain('Never');
  });

  it('revokes the key: the next call is refused with the one text for a key that is not valid', async () => {
    const row = page.getByTestId('key-row').filter({ hasText: 'nightly script' });
    await row.getByTestId('key-revoke').click();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Revoked');
    const refused = await balanceWith(secret);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ message: INVALID });
    await shot(page, 'key-revoked');
  });

  it('adds an endpoint that gets a signed test event, and its log shows the attempt', async () => {
    await page.getByTestId('endpoint-url').fill(`http://${receiverHost}/hook`);
    await page.getByTestId('endpoint-create').click();
    const endpointSecret = (await page.getByTestId('new-secret-value').textContent())?.trim() ?? '';
    expect(endpointSecret).toMatch(/^whsec_/);
    const row = page.getByTestId('endpoint-row').filter({ hasText: receiverHost });
    await row.getByTestId('endpoint-test').click();
    await expect.poll(() => received.length).toBe(1);
    const [test] = received;
    const payload = new Webhook(endpointSecret).verify(test!.body, test!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'test' });
    const log = row.getByTestId('attempt-log');
    await expect.poll(async () => (await log.getByTestId('attempt-row').allTextContents()).join('\n')).toMatch(/200received$/);
    await shot(page, 'endpoint-log');
  });
});
