/**
 * History people can search, keep and share (issue 21 §12), in Chromium on the embedded defaults:
 * 30 creations with different prompts; searching one word shows exactly the matching ones; a star
 * finds its creation under Starred; two selected creations go into a new collection that then
 * opens on its own; a public result's link opens in a fresh signed-out context with its image and
 * og:image meta, a private one's link is the 404 page; the owner's Private switch makes a link 404 at
 * once, and 'Hide prompt' takes the prompt off the share page. The share page is then served by a
 * production server over the same data: its HTML carries no script at all (issue 21 §8).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type AppServer } from './helpers/app-server';
import { newDataDir } from './helpers/database-template';
import { ARTIFACTS_DIR, launchChromium } from './helpers/chromium';
import { seedPremiumUser } from './helpers/users';

const EMAIL = 'hana@example.com';
const DESKTOP = { width: 1360, height: 900 };

const SUBJECTS = ['fox', 'owl', 'whale', 'tiger', 'heron', 'otter', 'panda', 'koala', 'bison', 'crane'];
const PLACES = ['in a forest', 'by a Lighthouse', 'on a glacier'];
/** 30 different prompts; the 10 'by a Lighthouse' ones are what the search for 'lighthouse' must find. */
const PROMPTS = SUBJECTS.flatMap((subject) => PLACES.map((place) => `a ${subject} ${place}`));
const SUBMITS_AT_ONCE = 4;

let browser: Browser;
let app: AppServer;
let dataDir: string;
let context: BrowserContext;
const idByPrompt = new Map<string, string>();
let privateId = '';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `history-${name}.png`), fullPage: true });
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${app.url}/creations`);
  await page.getByTestId('header-signin').click();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
}

/** Submits through the legacy REST door (as the signed-in page would) and returns the id. */
async function submit(page: Page, prompt: string, isPublic = true): Promise<string> {
  const answer = await page.request.post(`${app.url}/api/unigen`, { headers: { origin: app.url }, data: { model_id: 'flux-schnell', prompt, is_public: isPublic } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

/** Waits (in a hook too, where expect.poll cannot run) until the creation has succeeded and passed its screen. */
async function waitSucceeded(page: Page, id: string): Promise<void> {
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
}

async function shownIds(page: Page): Promise<string[]> {
  return page.getByTestId('creation-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-id') ?? ''));
}

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = newDataDir('studio-e2e-history-');
  seedPremiumUser(dataDir, EMAIL, { grant: 1000 });
  // Every public result is screened by the worker before it shows; NSFW_THRESHOLD 1 holds no image, as
  // the local engine's labelled previews are abstract drawings nsfwjs scores up to 0.85 explicit ('a owl
  // by a Lighthouse' 0.78, 'a tiger in a forest' 0.85), which the default 0.7 would hold for review.
  app = await startApp({ STARTING_CREDITS: '0', TIME_SCALE: '0.01', DATA_DIR: dataDir, NSFW_THRESHOLD: '1' });
  context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page);
  // A few at a time: 31 local renders at once on a busy 2-core machine could outlast their deadline,
  // and one at a time spends most of its time waiting between the engine's rounds and the polls.
  for (let start = 0; start < PROMPTS.length; start += SUBMITS_AT_ONCE) {
    const group = PROMPTS.slice(start, start + SUBMITS_AT_ONCE);
    for (const prompt of group) idByPrompt.set(prompt, await submit(page, prompt));
    await Promise.all(group.map((prompt) => waitSucceeded(page, idByPrompt.get(prompt)!)));
  }
  privateId = await submit(page, 'a private sketch of a lighthouse keeper', false);
  await waitSucceeded(page, privateId);
  await page.close();
}, 300_000);

afterAll(async () => {
  await context?.close();
  await app?.stop();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('history', () => {
  it('searching one word shows exactly the creations whose prompt has it, and the URL keeps it', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/creations`);
    await page.getByTestId('creation-card').first().waitFor();
    await page.getByTestId('creations-search').fill('lighthouse');
    await page.waitForURL(`${app.url}/creations?q=lighthouse`);
    const expected = [...PROMPTS.filter((p) => p.includes('Lighthouse')).map((p) => idByPrompt.get(p)!), privateId];
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual(expected.sort());
    await shot(page, 'search');
    await page.close();
  });

  it('a starred creation is found under Starred', async () => {
    const page = await context.newPage();
    const owl = idByPrompt.get('a owl on a glacier')!;
    await page.goto(`${app.url}/creations?q=owl%20glacier`);
    await expect.poll(() => shownIds(page)).toEqual([owl]);
    const star = page.locator(`[data-testid="creation-item"]:has([data-id="${owl}"]) [data-testid="star-toggle"]`);
    await star.click();
    await expect.poll(() => star.getAttribute('data-starred')).toBe('true');
    await page.goto(`${app.url}/creations`);
    await page.getByTestId('creation-card').first().waitFor();
    await page.getByTestId('creations-starred-filter').check();
    await page.waitForURL(`${app.url}/creations?starred=1`);
    await expect.poll(() => shownIds(page)).toEqual([owl]);
    await page.close();
  });

  it('two selected creations go into a new collection, which then opens on its own', async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/creations?q=whale`);
    const whales = PROMPTS.filter((p) => p.includes('whale')).map((p) => idByPrompt.get(p)!);
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...whales].sort());
    const picked = whales.slice(0, 2);
    for (const id of picked) await page.locator(`[data-testid="creation-item"]:has([data-id="${id}"]) [data-testid="creation-select"]`).check();
    await page.getByTestId('add-to-collection').click();
    await page.getByTestId('add-to-new-collection').click();
    await page.getByTestId('collection-name').fill('Whales');
    await page.getByTestId('collection-save').click();
    await page.getByText('2 creations added to Whales.').waitFor();

    await page.goto(`${app.url}/creations`);
    await page.getByTestId('creation-card').first().waitFor();
    const filter = page.getByTestId('creations-collection-filter');
    await expect.poll(() => filter.locator('option').allTextContents()).toEqual(['All creations', 'Whales (2)']);
    await filter.selectOption({ label: 'Whales (2)' });
    await page.waitForURL(/\/creations\?collection=/);
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...picked].sort());
    await shot(page, 'collection');
    // The collection's link opens it too.
    const link = page.url();
    const again = await context.newPage();
    await again.goto(link);
    await expect.poll(async () => (await shownIds(again)).sort()).toEqual([...picked].sort());
    await again.close();
    await page.close();
  });

  it('a public result’s link opens signed out with its image and og:image; a private one’s is the 404 page', async () => {
    const owner = await context.newPage();
    const fox = idByPrompt.get('a fox in a forest')!;
    await owner.goto(`${app.url}/creations?q=fox%20forest`);
    await owner.getByTestId('creation-card').first().click();
    const copy = owner.getByTestId('copy-link');
    expect(await copy.getAttribute('data-href')).toBe(`${app.url}/c/${fox}`);
    await owner.close();

    const visitor = await browser.newContext({ viewport: DESKTOP });
    const page = await visitor.newPage();
    const shown = await page.goto(`${app.url}/c/${fox}`);
    expect(shown?.status()).toBe(200);
    expect(shown?.headers()['cache-control']).toContain('no-store');
    await page.getByTestId('share-image').waitFor();
    await expect.poll(() => page.getByTestId('share-image').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByTestId('share-prompt').textContent()).toBe('Prompt: a fox in a forest');
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(/^http:\/\/localhost:\d+\//);
    expect(Number(await page.locator('meta[property="og:image:width"]').getAttribute('content'))).toBeGreaterThan(0);
    expect(await page.getByTestId('share-create-own').getAttribute('href')).toContain(`remix=${fox}`);
    await shot(page, 'share');

    const hidden = await page.goto(`${app.url}/c/${privateId}`);
    expect(hidden?.status()).toBe(404);
    await page.getByText('This page does not exist.').waitFor();
    const unknown = await page.goto(`${app.url}/c/cnevernevernever0000000000`);
    expect(unknown?.status()).toBe(404);
    await visitor.close();
  });

  it('the owner turns a result private in its details and its link is the 404 page at once; public again with the prompt hidden, the page shows no prompt', async () => {
    const heron = idByPrompt.get('a heron on a glacier')!;
    const owner = await context.newPage();
    await owner.goto(`${app.url}/creations?q=heron%20glacier`);
    await owner.getByTestId('creation-card').first().click();
    const isPrivate = owner.getByRole('switch', { name: 'Private' });
    const hidePrompt = owner.getByRole('switch', { name: 'Hide prompt on the share page' });
    // A switch is off while the plan is loading and while a change is on its way: on again = the server answered.
    const answered = (toggle: Locator) => expect.poll(() => toggle.isEnabled()).toBe(true);
    await answered(isPrivate);
    expect(await isPrivate.isChecked()).toBe(false);
    await isPrivate.check({ force: true });
    await answered(isPrivate);
    expect(await isPrivate.isChecked()).toBe(true);
    expect(await owner.getByTestId('copy-link').isDisabled()).toBe(true);

    const visitor = await browser.newContext({ viewport: DESKTOP });
    const page = await visitor.newPage();
    expect((await page.goto(`${app.url}/c/${heron}`))?.status()).toBe(404);

    await isPrivate.uncheck({ force: true });
    await answered(isPrivate);
    expect(await isPrivate.isChecked()).toBe(false);
    await hidePrompt.check({ force: true });
    await answered(hidePrompt);
    expect(await hidePrompt.isChecked()).toBe(true);
    expect((await page.goto(`${app.url}/c/${heron}`))?.status()).toBe(200);
    expect(await page.getByTestId('share-prompt-hidden').textContent()).toBe('The prompt is hidden by its owner.');
    expect(await page.getByTestId('share-prompt').count()).toBe(0);
    await shot(page, 'share-prompt-hidden');
    await visitor.close();
    await owner.close();
  });

  it('served by a production server, the share page sends no script; a private id is still 404', async () => {
    await app.stop();
    const production = await startApp({ NODE_ENV: 'production', NEXTAUTH_SECRET: 'history-e2e-secret', DATA_DIR: dataDir, LOCAL_ENGINE: 'off' });
    try {
      const fox = idByPrompt.get('a fox in a forest')!;
      const page = await fetch(`${production.url}/c/${fox}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('property="og:image"');
      expect(html.match(/<script[^>]*\ssrc=/g) ?? []).toEqual([]);
      expect((await fetch(`${production.url}/c/${privateId}`)).status).toBe(404);
    } finally {
      await production.stop();
    }
  }, 120_000);
});
