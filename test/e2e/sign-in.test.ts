/**
 * The foundation end to end: the built studio on its embedded defaults (embedded database, dev
 * sign-in), and a real Google OAuth sign-in against a local OpenID issuer.
 */
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTL_WARM_UP_SCRIPT } from '~/i18n/warm-up';
import { startApp, type AppServer } from './helpers/app-server';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('embedded defaults', () => {
  let app: AppServer;

  beforeAll(async () => {
    // A fresh machine's first start: the embedded database is created and migrated by the server.
    app = await startApp({ STARTING_CREDITS: '100' }, [], { database: 'empty' });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('opens the home page, signs in with the development sign-in and shows the starting credits', async () => {
    const page = await browser.newPage();
    // Hydration mismatches and invalid nesting (an h2 inside the dialog's h2) surface as console errors.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.goto(`${app.url}/`);
    await expect(page.getByTestId('dev-signin-banner').textContent()).resolves.toContain('Development sign-in is on');
    await expect(page.getByTestId('local-engine-banner').textContent()).resolves.toContain('Local engine is on');
    await page.getByTestId('header-signin').click();
    await page.getByText('Sign in to your account to continue').waitFor();
    // Only what works here: the development form, no Google button; the title is the dialog's one heading.
    await page.getByTestId('dev-signin-form').waitFor();
    expect(await page.getByTestId('google-signin').count()).toBe(0);
    expect(await page.getByRole('dialog').getByRole('heading').allTextContents()).toEqual(['Sign in to your account to continue']);
    expect(await page.locator('h2 h2').count()).toBe(0);
    expect(consoleErrors.filter((text) => /hydrat|descendant of|Minified React error #(418|423|425)/i.test(text))).toEqual([]);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByTestId('credits-badge').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('credits-badge').textContent()).toBe('100 credits');
    expect(await page.getByTestId('welcome').textContent()).toBe('Welcome back, ada@example.com. You have 100 credits.');
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'signed-in-dev.png'), fullPage: true });

    // A page rendered per request knows the visitor and the deployment: its HTML offers the
    // sign-in button to an anonymous visitor only and carries the development banner from the
    // first paint, and the browser asks neither the session route (the home page, static, asked it
    // once above) nor system.status.
    const askedAfterwards: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/auth/session' || pathname.includes('system.status')) askedAfterwards.push(pathname);
    });
    const anonymousHtml = await (await fetch(`${app.url}/create/flux-schnell`)).text();
    expect(anonymousHtml).toContain('data-testid="header-signin"');
    expect(anonymousHtml).toContain('data-testid="dev-signin-banner"');
    const signedInHtml = await (await page.request.get(`${app.url}/create/flux-schnell`)).text();
    expect(signedInHtml).not.toContain('data-testid="header-signin"');
    await page.goto(`${app.url}/create/flux-schnell`);
    await page.getByTestId('credits-badge').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('header-signin').count()).toBe(0);
    expect(askedAfterwards).toEqual([]);
    await page.close();
  });

  it('serves the Spanish locale under its prefix', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${app.url}/es`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    // The HTML warms the page language's number data while the scripts load (i18n/warm-up.ts).
    expect(await response!.text()).toContain(`<script>${INTL_WARM_UP_SCRIPT}</script>`);
    expect(await page.getByTestId('header-signin').textContent()).toBe('Iniciar sesión');
    await page.getByTestId('header-signin').click();
    await page.getByText('Inicia sesión en tu cuenta para continuar').waitFor();
    expect(await page.getByText('Sign in to your account to continue').count()).toBe(0);
    // The form follows the deployment's status (a skeleton until then), which may still be on its way.
    await page.getByRole('button', { name: 'Entrar con correo' }).waitFor();
    await page.close();
  });

  it('answers a GET on the development sign-in callback with 405, not 500', async () => {
    const response = await fetch(`${app.url}/api/auth/callback/dev-signin`, { redirect: 'manual' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers the legacy user-details route with 401 for a signed-out caller', async () => {
    const response = await fetch(`${app.url}/api/get-user-details`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, data: null, message: 'Please sign in to continue.', error: 'unauthorized' });
  });
});

describe('Google sign-in against a local OpenID issuer', () => {
  let issuer: OAuth2Server;
  let app: AppServer;

  beforeAll(async () => {
    issuer = new OAuth2Server();
    await issuer.issuer.keys.generate('RS256');
    await issuer.start(0, '127.0.0.1');
    issuer.service.on('beforeTokenSigning', (token) => {
      token.payload.email = 'grace@example.com';
      token.payload.email_verified = true;
      token.payload.name = 'Grace Hopper';
      token.payload.picture = `${issuer.issuer.url}/avatar.png`;
      token.payload.sub = 'google-user-1';
    });
    app = await startApp({
      GOOGLE_CLIENT_ID: 'studio-test-client',
      GOOGLE_CLIENT_SECRET: 'studio-test-secret',
      GOOGLE_WELL_KNOWN_URL: `${issuer.issuer.url}/.well-known/openid-configuration`,
      NEXTAUTH_SECRET: 'e2e-google-secret',
      STARTING_CREDITS: '40',
    });
  });

  afterAll(async () => {
    await app?.stop();
    await issuer?.stop();
  });

  it('completes a real OAuth sign-in and shows the credits; no dev sign-in on this deployment', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/`);
    expect(await page.getByTestId('dev-signin-banner').count()).toBe(0);
    await page.getByTestId('header-signin').click();
    await page.getByText('Sign in to your account to continue').waitFor();
    expect(await page.getByTestId('dev-signin-form').count()).toBe(0);
    await page.getByTestId('google-signin').click();
    await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('credits-badge').textContent()).toBe('40 credits');
    expect(await page.getByTestId('welcome').textContent()).toBe('Welcome back, Grace Hopper. You have 40 credits.');
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'signed-in-google.png'), fullPage: true });
    await page.close();
  });
});
