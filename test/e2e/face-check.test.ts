/**
 * The face check in Chromium, on the production build and the embedded defaults (local engine,
 * TIME_SCALE=0.02, dev sign-in): a headshot with a photo of a cat shows the detector's message on
 * the upload field as soon as it is uploaded, Generate is refused with the same words and the
 * balance stays; with the astronaut's photo the field says '1 face found' and it generates.
 * Screenshots: test-results/e2e/faces-*.png.
 */
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '@test/helpers/photos';
import { startApp, type AppServer } from './helpers/app-server';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';

const NO_FACE = 'We could not find a face in this photo. Choose a photo where one face is clearly visible.';

let browser: Browser;
let app: AppServer;

beforeAll(async () => {
  browser = await launchChromium();
  app = await startApp({ STARTING_CREDITS: '100', TIME_SCALE: '0.02', FACE_CHECK_SECONDS: '120' });
});

afterAll(async () => {
  await app?.stop();
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `faces-${name}.png`), fullPage: true });
}

async function credits(page: Page): Promise<number> {
  return Number(((await page.getByTestId('credits-badge').textContent()) ?? '').replace(/[^0-9]/g, ''));
}

describe('the face check on the upload field', () => {
  it('a headshot of a cat: the message on the field, Generate refused, the balance kept; with a face it generates', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(`${app.url}/create/headshot`);
    await page.getByTestId('header-signin').click();
    await page.getByText('Sign in to your account to continue').waitFor();
    await page.getByLabel('Email').fill('faces@example.com');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
    expect(await credits(page)).toBe(100);

    const field = page.getByTestId('control-image_url');
    await page.getByTestId('control-image_url-dropzone-file').setInputFiles({ name: 'cat.jpg', mimeType: 'image/jpeg', buffer: photo('chelsea') });
    // The early verdict, before Generate.
    await field.getByText(NO_FACE).waitFor({ timeout: 30_000 });
    await shot(page, 'cat-uploaded');

    await expect.poll(() => page.getByTestId('generate-button').isEnabled(), { timeout: 10_000 }).toBe(true);
    const check = page.waitForResponse((r) => r.url().includes('generation.check'));
    await page.getByTestId('generate-button').click();
    expect((await check).status()).toBe(400);
    // The check's toast, and the field still says why.
    await page.getByText('Validation Failed').waitFor({ timeout: 10_000 });
    await expect.poll(() => field.getByText(NO_FACE).count()).toBe(1);
    expect(requests.filter((r) => r.url().includes('generation.submit'))).toEqual([]);
    await page.reload();
    await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
    expect(await credits(page)).toBe(100);
    await shot(page, 'cat-refused');

    await page.getByTestId('control-image_url-dropzone-file').setInputFiles({ name: 'astronaut.jpg', mimeType: 'image/jpeg', buffer: photo('astronaut') });
    await expect.poll(async () => (await page.getByTestId('control-image_url-note').textContent({ timeout: 30_000 })) ?? '', { timeout: 30_000 }).toBe('1 face found');
    await page.getByTestId('generate-button').click();
    await page.getByTestId('output-images').waitFor({ timeout: 60_000 });
    await expect.poll(() => credits(page), { timeout: 10_000 }).toBe(80);
    await shot(page, 'astronaut-generated');
    await page.close();
  });
});
