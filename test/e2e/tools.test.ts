/**
 * The editing tools end to end (issue 7) on the embedded defaults: local storage behind signed
 * URLs, the local engine with TIME_SCALE=0.02, the development sign-in. Screenshots go to
 * test-results/e2e/tools-*.png (CI artifacts).
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';
import { openSignedIn } from './helpers/sign-in';

const TIME_SCALE = '0.02';
const DESKTOP = { width: 1360, height: 900 };

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** A photo-like test image: a gradient with a bright disc, as PNG. */
async function photo(name: string, width = 640, height = 480, hue = 0): Promise<Upload> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,40%)"/><stop offset="1" stop-color="hsl(${hue + 60},70%,70%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fde68a"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

/** Random noise does not compress: still over 5 MB after the client's re-encoding. */
async function oversizedPhoto(): Promise<Upload> {
  const width = 1500;
  const height = 1500;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(Math.random() * 256);
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(buffer.length).toBeGreaterThan(5 * 1024 * 1024);
  return { name: 'huge.png', mimeType: 'image/png', buffer };
}

let browser: Browser;
let app: AppServer;

beforeAll(async () => {
  browser = await launchChromium();
  app = await startApp({ STARTING_CREDITS: '2000', TIME_SCALE });
});

afterAll(async () => {
  await app?.stop();
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `tools-${name}.png`), fullPage: true });
}

async function credits(page: Page): Promise<number> {
  return Number(((await page.getByTestId('credits-badge').textContent()) ?? '').replace(/[^0-9]/g, ''));
}

/** Uploads through an uploader whose test ids start with `base` (a control's is `control-{field}`). */
async function upload(page: Page, base: string, file: Upload): Promise<string> {
  await page.getByTestId(`${base}-dropzone-file`).setInputFiles(file);
  const preview = page.getByTestId(`${base}-preview`).locator('img');
  await preview.waitFor({ timeout: 20_000 });
  const src = await preview.getAttribute('src');
  expect(src).toMatch(/^https?:\/\//);
  return src!;
}

async function generate(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('generate-button').isEnabled(), { timeout: 10_000 }).toBe(true);
  await page.getByTestId('generate-button').click();
}

/** Pixel (r, g, b) of a fetched image at relative position (fx, fy). */
async function pixel(url: string, fx: number, fy: number): Promise<{ width: number; height: number; rgb: number[] }> {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = Math.min(info.width - 1, Math.floor(fx * info.width));
  const y = Math.min(info.height - 1, Math.floor(fy * info.height));
  const at = (y * info.width + x) * info.channels;
  return { width: info.width, height: info.height, rgb: [data[at]!, data[at + 1]!, data[at + 2]!] };
}

function submitted(requests: Request[]): Record<string, unknown> {
  const submit = requests.find((r) => r.url().includes('generation.submit'));
  expect(submit, 'a generation.submit request').toBeTruthy();
  const body = JSON.parse(submit!.postData() ?? '{}') as Record<string, { json?: Record<string, unknown> }>;
  return body['0']?.json ?? (body as unknown as { json: Record<string, unknown> }).json ?? {};
}

describe('editing tools on the embedded defaults', () => {
  it('inpainting: upload, paint a mask in the Create Mask dialog, generate', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await openSignedIn(page, app.url, '/create/flux-fill', 'painter@example.com');
    const imageUrl = await upload(page, 'control-image_url', await photo('room.png', 640, 480));

    await page.getByRole('button', { name: 'Create Mask' }).click();
    // The painting area as a person sees it: the photo drawn and the dialog done opening (its
    // 200 ms 'pop' scales and slides it, so a box read earlier is up to ~10 px off).
    const canvas = page.locator('[data-testid="mask-canvas"][data-ready="true"]');
    await canvas.waitFor();
    expect(requests.some((r) => r.url().includes(`/api/image-proxy?imageUrl=${encodeURIComponent(imageUrl)}`))).toBe(true);
    const slider = page.getByRole('slider', { name: 'Brush size' });
    expect(await slider.getAttribute('aria-valuemin')).toBe('1');
    expect(await slider.getAttribute('aria-valuemax')).toBe('50');
    expect(await slider.getAttribute('aria-valuenow')).toBe('20');
    expect(await page.getByRole('button', { name: 'Generate Mask' }).isDisabled()).toBe(true);

    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 12 });
    await page.mouse.up();
    await shot(page, 'mask-editor');
    await page.getByRole('button', { name: 'Generate Mask' }).click();
    await page.getByText('Mask ready').waitFor({ timeout: 20_000 });

    // The mask: the image's own size, white where painted, black elsewhere, stored under masks/.
    const maskUrl = (await page.getByTestId('control-mask_image-preview').getAttribute('src'))!;
    expect(maskUrl).toContain('/masks/');
    const painted = await pixel(maskUrl, 0.5, 0.5);
    expect([painted.width, painted.height]).toEqual([640, 480]);
    expect(painted.rgb.every((c) => c > 200)).toBe(true);
    expect((await pixel(maskUrl, 0.05, 0.05)).rgb.every((c) => c < 50)).toBe(true);
    const signing = requests.filter((r) => r.url().includes('upload.signedUrl'));
    expect(signing).toHaveLength(2);

    const before = await credits(page);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('a green velvet sofa');
    await generate(page);
    await page.getByTestId('output-image').first().waitFor({ timeout: 40_000 });
    const body = submitted(requests);
    expect(body.image_url).toBe(imageUrl);
    expect(body.mask_image).toBe(maskUrl);
    await expect.poll(() => credits(page)).toBe(before - 20);
    await shot(page, 'inpainting-result');
    await page.close();
  });

  it('multi-reference images and video effect templates', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openSignedIn(page, app.url, '/create/image-to-video?model=kling-1.6-multi', 'refs@example.com');
    await page.getByTestId('control-input_image_urls-dropzone-file').setInputFiles([await photo('a.png', 400, 400, 10), await photo('b.png', 400, 400, 200)]);
    await page.getByTestId('control-input_image_urls-preview-1').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('control-input_image_urls-count').textContent()).toBe('2 / 4 images');
    await shot(page, 'multi-reference');

    await page.goto(`${app.url}/create/image-to-video?model=kling-effects`);
    const hug = page.getByRole('radio', { name: 'AI Hug' });
    await hug.waitFor();
    await page.getByRole('radio', { name: 'AI Kiss' }).click();
    expect(await page.getByRole('radio', { name: 'AI Kiss' }).getAttribute('aria-checked')).toBe('true');
    await shot(page, 'video-effects');
    await page.close();
  });

  it('Kontext edit of an uploaded image', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await openSignedIn(page, app.url, '/create/flux-kontext', 'editor@example.com');
    const imageUrl = await upload(page, 'control-image_url', await photo('portrait.png', 512, 640, 200));
    await page.getByRole('textbox', { name: 'Prompt' }).fill('make it a rainy night');
    const cost = Number(await page.getByTestId('credit-cost').textContent());
    const before = await credits(page);
    await generate(page);
    await page.getByTestId('output-image').first().waitFor({ timeout: 40_000 });
    expect(submitted(requests)).toMatchObject({ model_id: 'flux-kontext', image_url: imageUrl, prompt: 'make it a rainy night' });
    await expect.poll(() => credits(page)).toBe(before - cost);
    await shot(page, 'kontext-result');

    // Removing the image brings the drop area back.
    await page.getByTestId('control-image_url-preview').getByRole('button', { name: 'Remove image' }).click();
    await page.getByTestId('control-image_url-dropzone').waitFor();
    await page.close();
  });

  it('image-to-video with start and end frames', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await openSignedIn(page, app.url, '/create/image-to-video?model=kling-v2.1-pro', 'director@example.com');
    const start = await upload(page, 'control-start_image_url', await photo('start.png', 640, 360, 30));
    expect(await page.getByTestId('control-end_image_url-dropzone').count()).toBe(0);
    await page.getByRole('switch', { name: /Add end frame/ }).check({ force: true });
    const end = await upload(page, 'control-end_image_url', await photo('end.png', 640, 360, 260));
    await page.getByRole('textbox', { name: 'Prompt' }).fill('the sun sets slowly over the hills');
    await shot(page, 'start-end-frames');
    await generate(page);
    await page.getByTestId('output-video').waitFor({ timeout: 60_000 });
    expect(submitted(requests)).toMatchObject({ model_id: 'kling-v2.1-pro', start_image_url: start, end_image_url: end });
    await shot(page, 'image-to-video-result');
    await page.close();
  });

  it('a LoRA generation from /models/{lora-id}', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await openSignedIn(page, app.url, '/models/koda-film', 'stylist@example.com');
    await page.getByTestId('lora-create').click();
    await page.waitForURL(`${app.url}/create/flux-lora?lora=koda-film`);
    await page.getByTestId('control-lora-selected').waitFor();
    expect(await page.getByTestId('control-lora-selected').textContent()).toBe('Koda Film');

    // The picker: search, the notice on non-commercial LoRAs; keep Koda Film.
    await page.getByTestId('control-lora-open').click();
    const picker = page.getByTestId('lora-picker');
    await picker.waitFor();
    await picker.getByRole('textbox', { name: 'Search LoRA models' }).fill('tarot');
    await picker.getByTestId('lora-option-tarot-card').getByText('not for commercial use').waitFor();
    await shot(page, 'lora-picker');
    await picker.getByRole('textbox', { name: 'Search LoRA models' }).fill('film');
    await picker.getByTestId('lora-option-koda-film').click();
    await picker.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Prompt' }).fill('a street market at dusk, film grain');
    await generate(page);
    await page.getByTestId('output-image').first().waitFor({ timeout: 40_000 });
    expect(submitted(requests)).toMatchObject({ model_id: 'flux-lora', lora: 'koda-film' });
    await shot(page, 'lora-result');
    await page.close();
  });

  it('an effect chosen from the dropdown (search, count, Escape), then generated', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await openSignedIn(page, app.url, '/image-effects/ghibli', 'effects@example.com');
    const target = page.getByTestId('control-effect_template_id-target');
    await target.click();
    const dropdown = page.getByTestId('control-effect_template_id-dropdown');
    await dropdown.waitFor();
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });

    await target.click();
    await dropdown.waitFor();
    const search = page.getByRole('textbox', { name: 'Search effects' });
    await search.fill('zzz');
    await dropdown.getByText('No effects found matching "zzz"').waitFor();
    expect(await page.getByTestId('effect-count').textContent()).toBe('0 effects found');
    await search.fill('pixel');
    expect(await page.getByTestId('effect-count').textContent()).toBe('1 effect found');
    await shot(page, 'effect-dropdown');
    await page.getByTestId('effect-option-pixel-art').click();
    await page.waitForURL(`${app.url}/image-effects/pixel-art`);
    // The new page (not the old one with the value already set) before uploading into it.
    await expect.poll(async () => (await page.getByTestId('effect-title').textContent()) ?? '').toContain('Pixel Art');
    await expect.poll(async () => (await page.getByTestId('control-effect_template_id-target').textContent()) ?? '').toContain('Pixel Art');

    await upload(page, 'control-image_url', await photo('me.png', 512, 512, 120));
    await generate(page);
    await page.getByTestId('output-image').first().waitFor({ timeout: 40_000 });
    expect(submitted(requests)).toMatchObject({ model_id: 'kontext-style-effect', effect_template_id: 'pixel-art' });
    await shot(page, 'effect-result');
    await page.close();
  });

  it('picking another effect keeps the uploaded photo and the settings (no page reload)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await openSignedIn(page, app.url, '/image-effects/ghibli', 'switcher@example.com');
    const imageUrl = await upload(page, 'control-image_url', await photo('me.png', 512, 512, 200));
    // The mode control's radios are visually hidden behind their labels: click the label.
    await page.getByTestId('dynamic-form').getByText('Pro', { exact: true }).click();
    expect(await page.getByRole('radio', { name: /^Pro\b/ }).isChecked()).toBe(true);
    await expect.poll(async () => page.getByTestId('credit-cost').textContent()).toBe('16');
    const loadsBefore = requests.filter((r) => r.resourceType() === 'document' || r.url().includes('/_next/data/')).length;

    await page.getByTestId('control-effect_template_id-target').click();
    await page.getByTestId('effect-option-pixel-art').click();
    await page.waitForURL(`${app.url}/image-effects/pixel-art`);
    await expect.poll(async () => (await page.getByTestId('effect-title').textContent()) ?? '').toContain('Pixel Art');
    expect(await page.getByTestId('control-image_url-preview').locator('img').getAttribute('src')).toBe(imageUrl);
    expect(await page.getByTestId('credit-cost').textContent()).toBe('16');

    // The strip of other effects under the header does the same.
    await page.getByTestId('effect-link').filter({ hasText: 'Anime' }).click();
    await page.waitForURL(`${app.url}/image-effects/anime`);
    await expect.poll(async () => (await page.getByTestId('control-effect_template_id-target').textContent()) ?? '').toContain('Anime');
    expect(await page.getByTestId('control-image_url-preview').locator('img').getAttribute('src')).toBe(imageUrl);
    expect(requests.filter((r) => r.resourceType() === 'document' || r.url().includes('/_next/data/')).length).toBe(loadsBefore);

    await generate(page);
    await page.getByTestId('output-image').first().waitFor({ timeout: 40_000 });
    expect(submitted(requests)).toMatchObject({ model_id: 'kontext-style-effect', effect_template_id: 'anime', image_url: imageUrl, mode: 'pro' });
    await page.close();
  });

  it('the effect dropdown keeps the locale prefix when it navigates', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${app.url}/es/image-effects/ghibli`);
    await page.getByTestId('control-effect_template_id-target').click();
    await page.getByRole('textbox', { name: 'Buscar efectos' }).fill('anime');
    await page.getByTestId('effect-option-anime').click();
    await page.waitForURL(`${app.url}/es/image-effects/anime`);
    expect(new URL(page.url()).pathname).toBe('/es/image-effects/anime');
    // The new effect's page, still in Spanish.
    await expect.poll(async () => (await page.getByTestId('effect-title').textContent()) ?? '').toContain('Anime');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.getByTestId('header-signin').textContent()).toBe('Iniciar sesión');
    await page.close();
  });

  it('image-to-prompt fills the prompt', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openSignedIn(page, app.url, '/create/flux-dev', 'writer@example.com');
    const before = await credits(page);
    await page.getByTestId('image-to-prompt').click();
    const dialog = page.getByTestId('image-to-prompt-dialog');
    await dialog.waitFor();
    await upload(page, 'image-to-prompt-image', await photo('scene.png', 600, 400, 90));
    await dialog.getByRole('button', { name: 'Generate Prompt' }).click();
    const result = dialog.getByTestId('image-to-prompt-result');
    await result.waitFor({ timeout: 30_000 });
    const text = await result.inputValue();
    expect(text.length).toBeGreaterThan(0);
    await shot(page, 'image-to-prompt');
    await dialog.getByRole('button', { name: 'Use this Prompt' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('textbox', { name: 'Prompt' }).inputValue()).toBe(text);
    await expect.poll(() => credits(page)).toBe(before - 1);
    await page.close();
  });

  it('an oversized upload is refused with the toast and no request; an anonymous upload opens the login', async () => {
    const anonymous = await browser.newPage({ viewport: DESKTOP });
    await anonymous.goto(`${app.url}/create/flux-kontext`);
    await anonymous.getByTestId('control-image_url-dropzone').click();
    await anonymous.getByText('Sign in to your account to continue').waitFor();
    await anonymous.close();

    const page = await browser.newPage({ viewport: DESKTOP });
    await openSignedIn(page, app.url, '/create/flux-kontext', 'big@example.com');
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('upload.signedUrl') || r.method() === 'PUT') uploads.push(`${r.method()} ${r.url()}`);
    });
    await page.getByTestId('control-image_url-dropzone-file').setInputFiles(await oversizedPhoto());
    await page.getByText('File too large').waitFor({ timeout: 30_000 });
    await page.getByText('The file size exceeds the limit of 5MB.').waitFor();
    await shot(page, 'oversized');
    await page.waitForTimeout(500);
    expect(uploads).toEqual([]);
    expect(await page.getByTestId('control-image_url-dropzone').count()).toBe(1);
    await page.close();
  });

  it('on a phone the mask is painted by touch in a full-screen dialog', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await openSignedIn(page, app.url, '/create/flux-fill', 'thumb@example.com');
    await upload(page, 'control-image_url', await photo('phone.png', 480, 640, 330));
    await page.getByRole('button', { name: 'Create Mask' }).tap();
    const canvas = page.locator('[data-testid="mask-canvas"][data-ready="true"]');
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.getByRole('button', { name: 'Generate Mask' }).isEnabled()).toBe(true);
    await shot(page, 'mask-editor-phone');
    await page.getByRole('button', { name: 'Generate Mask' }).tap();
    await page.getByText('Mask ready').waitFor({ timeout: 20_000 });
    const maskUrl = (await page.getByTestId('control-mask_image-preview').getAttribute('src'))!;
    const painted = await pixel(maskUrl, 0.5, 0.5);
    expect([painted.width, painted.height]).toEqual([480, 640]);
    expect(painted.rgb.every((c) => c > 200)).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
