/**
 * `npm run samples` end to end against the loopback fakes of Replicate and fal driven by the real
 * SDKs: the plan and its cost, the y/N confirmation, renders kept in our storage, resume after a
 * failure, skipping what exists, the manifest read by the catalogue, and nothing done without providers.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '~/env';
import type { SamplesManifest } from '~/catalogue/assets/samples';
import { grantCredits } from '~/server/services/credits/ledger';
import { submitGeneration } from '~/server/services/generation/submit';
import { readSamplesManifest } from '~/server/services/samples/manifest-file';
import { planSampleJobs, sampleRequest } from '~/server/services/samples/plan';
import { runSamples, SAMPLES_OWNER_EMAIL, SAMPLES_TEXT, sampleTag } from '~/server/services/samples/run';
import { samplesCli } from '~/scripts/samples/cli';
import { startFakeFal, type FakeFal } from '@test/helpers/fake-fal';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { isPresent, pollUntil } from '@test/helpers/poll';
import { imageInfo } from '@test/helpers/images';
import { startStudio, type Studio } from '@test/helpers/studio';

const KEYS = {
  schnell: '/catalogue/models/flux-schnell-example-1.webp',
  schnellDefault: '/catalogue/models/flux-schnell-output.webp',
  lora: '/catalogue/loras/flux-realism.webp',
  effect: '/catalogue/image-effects/ghibli-preview.webp',
  template: '/catalogue/video-effects/hug-preview.webp',
  clip: '/catalogue/video-effects/hug-preview.mp4',
};
const ONLY = '/models/flux-schnell-example,/loras/flux-realism.webp,/image-effects/ghibli-preview,/video-effects/hug-preview';
const LORA_ENDPOINT = 'fal-ai/flux-lora';
const EFFECTS_ENDPOINT = 'fal-ai/kling-video/v1.6/standard/effects';

let replicate: FakeReplicate;
let fal: FakeFal;
let studio: Studio;
let dir: string;
let manifestPath: string;

function providerEnv() {
  return { REPLICATE_API_TOKEN: replicate.token, REPLICATE_BASE_URL: replicate.baseUrl, FAL_KEY: fal.key, FAL_BASE_URL: fal.baseUrl, FAL_JWKS_URL: fal.jwksUrl };
}

/** The CLI as `npm run samples -- <args>` runs it, with stdin answering `answer`. */
async function cli(args: string[], answer?: string) {
  const stdout = new PassThrough();
  let printed = '';
  stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const stdin = Readable.from(answer === undefined ? [] : [`${answer}\n`]);
  const code = await samplesCli(['--manifest', manifestPath, '--only', ONLY, ...args], { stdin, stdout });
  return { code, printed };
}

async function owner() {
  return studio.db.user.findUnique({ where: { email: SAMPLES_OWNER_EMAIL } });
}

async function fetchEntry(manifest: SamplesManifest, key: string) {
  const entry = manifest[key]!;
  expect(entry, key).toBeDefined();
  expect(entry.url.startsWith('/api/storage/')).toBe(true); // an app path: right on any origin
  const response = await fetch(`${studio.server.url}${entry.url}`);
  expect(response.status, key).toBe(200);
  return { entry, contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  replicate = await startFakeReplicate();
  fal = await startFakeFal();
  fal.script(EFFECTS_ENDPOINT, { kind: 'video' });
  studio = await startStudio({ env: providerEnv() });
  dir = await mkdtemp(path.join(os.tmpdir(), 'studio-samples-'));
  manifestPath = path.join(dir, 'samples.json');
});

afterAll(async () => {
  await studio?.stop();
  await replicate?.close();
  await fal?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run samples', () => {
  it('prints the plan and its cost first; answering no (or nothing) spends and stores nothing', async () => {
    const questions: string[] = [];
    const lines: string[] = [];
    const outcome = await runSamples({
      db: async () => studio.db,
      manifestPath,
      only: ONLY,
      print: (line) => lines.push(line),
      confirm: async (question) => {
        questions.push(question);
        return false;
      },
    });
    expect(outcome).toMatchObject({ status: 'declined', credits: 101, rendered: [], failed: [] });
    expect(lines[0]).toBe('Samples: 4 to render, 0 already exist.');
    expect(lines.slice(1, 5)).toEqual([
      `  ${'model flux-schnell'.padEnd(34)} ${KEYS.schnell}  1 credit on replicate`,
      `  ${'LoRA flux-realism'.padEnd(34)} ${KEYS.lora}  15 credits on fal`,
      `  ${'image effect ghibli'.padEnd(34)} ${KEYS.effect}  5 credits on replicate`,
      `  ${'video template hug'.padEnd(34)} ${KEYS.template}  80 credits on fal`,
    ]);
    expect(lines[5]).toBe('Total cost: 101 credits (replicate: 2 renders, 6 credits; fal: 2 renders, 95 credits); each provider bills these requests at its own prices.');
    expect(questions).toEqual(['Render 4 samples for 101 credits? [y/N] ']);
    expect(lines.at(-1)).toBe(SAMPLES_TEXT.declined);

    // Through the command line: an empty answer (end of input) is no as well.
    const silent = await cli([]);
    expect(silent.code).toBe(0);
    expect(silent.printed).toContain('Render 4 samples for 101 credits? [y/N] ');
    expect(silent.printed.trim().endsWith(SAMPLES_TEXT.declined)).toBe(true);

    expect(replicate.createRequests()).toHaveLength(0);
    expect(fal.submitRequests()).toHaveLength(0);
    expect(existsSync(manifestPath)).toBe(false);
    expect(await owner()).toBeNull();
  });

  it('"y" renders each sample once through the providers, keeps it in our storage and writes the manifest; a failure is refunded', async () => {
    fal.script(LORA_ENDPOINT, { error: 'NSFW content detected' });
    const run = await cli([], 'y');
    expect(run.code).toBe(1);
    expect(run.printed).toContain(`✓ ${KEYS.schnell} (model flux-schnell)`);
    expect(run.printed).toContain(`✓ ${KEYS.effect} (image effect ghibli)`);
    expect(run.printed).toContain(`✓ ${KEYS.template} (video template hug)`);
    expect(run.printed).toMatch(new RegExp(`✗ ${KEYS.lora} \\(LoRA flux-realism\\): .*NSFW content detected`));
    expect(run.printed).toContain(`Rendered 3 of 4 (86 credits); 1 failed (a failed generation is refunded): run again to retry them. Manifest: ${manifestPath}`);

    // Once each, through the real SDKs, with the catalogue's payloads.
    const creates = replicate.createRequests();
    // Photo effects open in Kontext lite (issue 11 item 4): Pruna's endpoint, which takes img_cond_path.
    expect(creates.map((r) => r.path).sort()).toEqual(['/v1/models/black-forest-labs/flux-schnell/predictions', '/v1/models/prunaai/flux-kontext-dev/predictions']);
    const kontext = creates.find((r) => r.path.includes('kontext'))!.body as { input: { img_cond_path: string; prompt: string } };
    expect(kontext.input.img_cond_path.startsWith(`${studio.server.url}/api/storage/`)).toBe(true); // the example input, uploaded to our storage
    expect(kontext.input.prompt).toContain('hand-painted Japanese animated film still');
    const falSubmits = fal.submitRequests();
    expect(falSubmits.map((r) => r.path).sort()).toEqual([`/${LORA_ENDPOINT}`, `/${EFFECTS_ENDPOINT}`]);
    const hug = falSubmits.find((r) => r.path === `/${EFFECTS_ENDPOINT}`)!.body as { effect_scene: string; input_image_urls: string[] };
    expect(hug.effect_scene).toBe('hug');
    expect(hug.input_image_urls).toHaveLength(2);

    const manifest = await readSamplesManifest(manifestPath);
    expect(Object.keys(manifest).sort()).toEqual([KEYS.schnellDefault, KEYS.schnell, KEYS.effect, KEYS.template, KEYS.clip].sort());
    expect(manifest[KEYS.schnellDefault]).toEqual(manifest[KEYS.schnell]); // one render, both places
    const schnell = await fetchEntry(manifest, KEYS.schnell);
    expect(schnell.contentType).toBe(schnell.entry.contentType);
    expect(schnell.contentType).toMatch(/^image\//);
    const clip = await fetchEntry(manifest, KEYS.clip);
    expect(clip.contentType).toBe('video/mp4');
    const still = await fetchEntry(manifest, KEYS.template);
    expect(still.contentType).toBe('image/webp');
    expect(await imageInfo(still.bytes)).toEqual({ width: 16, height: 16, format: 'webp' }); // the clip's first frame
    expect(still.entry.generationId).toBe(clip.entry.generationId);

    // Paid through the ledger as generations of the samples account; the failed one refunded.
    const user = (await owner())!;
    expect(user.premium).toBe(true);
    const generations = await studio.db.generation.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'asc' } });
    expect(generations.map((g) => g.status).sort()).toEqual(['failed', 'succeeded', 'succeeded', 'succeeded']);
    expect(await studio.balance(user)).toBe(101 - 86);
  });

  it('a second run resumes: it renders only what is missing and skips what exists', async () => {
    fal.script(LORA_ENDPOINT, {});
    const creates = replicate.createRequests().length;
    const submits = fal.submitRequests().length;
    const before = await readFile(manifestPath, 'utf8');
    const run = await cli(['--yes']);
    expect(run.code).toBe(0);
    expect(run.printed).toContain('Samples: 1 to render, 3 already exist.');
    expect(run.printed).toContain('Total cost: 15 credits (fal: 1 render, 15 credits)');
    expect(run.printed).not.toContain('[y/N]'); // --yes answers for scripts
    expect(replicate.createRequests()).toHaveLength(creates);
    expect(fal.submitRequests().slice(submits).map((r) => r.path)).toEqual([`/${LORA_ENDPOINT}`]);
    const manifest = await readSamplesManifest(manifestPath);
    const kept = JSON.parse(before) as SamplesManifest;
    for (const [key, entry] of Object.entries(kept)) expect(manifest[key], key).toEqual(entry);
    expect((await fetchEntry(manifest, KEYS.lora)).contentType).toMatch(/^image\//);

    const again = await cli([]);
    expect(again.code).toBe(0);
    expect(again.printed).toContain('Samples: 0 to render, 4 already exist.');
    expect(again.printed).toContain(SAMPLES_TEXT.nothingToDo);
    expect(again.printed).not.toContain('[y/N]');
    expect(fal.submitRequests()).toHaveLength(submits + 1);
  });

  it('a render left unfinished by an interrupted run is picked up again, not paid twice', async () => {
    const key = '/catalogue/loras/xlabs-anime.webp';
    const user = (await owner())!;
    // What an interrupted run leaves behind: the job's generation, submitted and still running.
    fal.script(LORA_ENDPOINT, { never: true });
    await grantCredits(studio.db, user.id, 15, { reason: 'admin_grant', note: 'test' });
    const job = planSampleJobs().find((j) => j.id === key)!;
    const left = await submitGeneration(studio.db, user.id, { ...sampleRequest(job, [], undefined), pageId: sampleTag(key) });
    const requestId = await pollUntil(async () => (await studio.db.generation.findUniqueOrThrow({ where: { id: left.id } })).providerJobId, isPresent, 'the render at fal');
    const submits = fal.submitRequests().length;
    const balance = await studio.balance(user);

    const lines: string[] = [];
    let totalPrinted = () => {};
    const total = new Promise<void>((resolve) => (totalPrinted = resolve));
    const print = (line: string) => {
      lines.push(line);
      if (line.startsWith('Total cost:')) totalPrinted();
    };
    const running = runSamples({ db: async () => studio.db, manifestPath, only: key, print, confirm: async () => true });
    // The plan is printed before anything is sent (a run that ends first fails the checks below).
    await Promise.race([total, running]);
    expect(lines).toContain(`  ${'LoRA xlabs-anime'.padEnd(34)} ${key}  already paid: picks up its unfinished render`);
    expect(lines).toContain('Total cost: 0 credits; each provider bills these requests at its own prices.');
    fal.complete(requestId);
    const outcome = await running;

    expect(outcome.rendered).toEqual([key]);
    expect(fal.submitRequests()).toHaveLength(submits); // no second request
    expect(await studio.balance(user)).toBe(balance); // no second charge
    expect((await readSamplesManifest(manifestPath))[key]!.generationId).toBe(left.id);
    expect(await studio.db.generation.count({ where: { pageId: sampleTag(key) } })).toBe(1);
    fal.script(LORA_ENDPOINT, {});
  });

  it('the catalogue shows the samples of the manifest and keeps the placeholder art elsewhere', async () => {
    const manifest = await readSamplesManifest(manifestPath);
    vi.resetModules();
    vi.doMock('~/catalogue/assets/samples.json', () => ({ default: manifest }));
    try {
      const catalogue = await import('~/catalogue');
      expect(catalogue.getLora('flux-realism')!.image).toBe(manifest[KEYS.lora]!.url);
      expect(catalogue.getLora('xlabs-mjv6')!.image).toBe('/catalogue/loras/xlabs-mjv6.webp');
      const schnell = catalogue.getModel('flux-schnell')!;
      expect(schnell.ui.defaultOutput).toBe(manifest[KEYS.schnell]!.url);
      expect(schnell.ui.examples[0]!.output).toBe(manifest[KEYS.schnell]!.url);
      expect(catalogue.getModel('flux-dev')!.ui.defaultOutput).toBe('/catalogue/models/flux-dev-output.webp');
      const ghibli = catalogue.getImageEffect('ghibli')!;
      expect([ghibli.previewImage, ghibli.examples[0]!.output]).toEqual([manifest[KEYS.effect]!.url, manifest[KEYS.effect]!.url]);
      expect(ghibli.examples[0]!.input).toBe('/catalogue/samples/portrait.webp');
      const hug = catalogue.getVideoEffect('hug')!;
      expect(hug.previewImage).toBe(manifest[KEYS.template]!.url);
      expect(hug.previewVideo).toBe(manifest[KEYS.clip]!.url);
      expect(catalogue.getVideoEffect('kiss')!.previewVideo).toBeUndefined();
    } finally {
      vi.doUnmock('~/catalogue/assets/samples.json');
      vi.resetModules();
    }
  });

  it('without providers it says so, opens nothing and the placeholder art stays', async () => {
    const saved = { REPLICATE_API_TOKEN: process.env.REPLICATE_API_TOKEN, FAL_KEY: process.env.FAL_KEY };
    delete process.env.REPLICATE_API_TOKEN;
    delete process.env.FAL_KEY;
    resetEnvCache();
    const before = await readFile(manifestPath, 'utf8');
    const lines: string[] = [];
    try {
      const outcome = await runSamples({
        db: () => Promise.reject(new Error('no database may be opened')),
        manifestPath,
        print: (line) => lines.push(line),
        confirm: () => Promise.reject(new Error('nothing to confirm')),
      });
      expect(outcome.status).toBe('no_providers');
    } finally {
      Object.assign(process.env, saved);
      resetEnvCache();
    }
    expect(lines).toEqual([SAMPLES_TEXT.noProviders]);
    expect(await readFile(manifestPath, 'utf8')).toBe(before);
  });

  it('the npm script itself, with no provider configured, says so and exits 0', async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test' as const, DATA_DIR: path.join(dir, 'data') };
    const { stdout } = await promisify(execFile)(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/scripts/samples.ts'], { env, timeout: 60_000 });
    expect(stdout.trim()).toBe(SAMPLES_TEXT.noProviders);
    expect(existsSync(path.join(dir, 'data'))).toBe(false); // no database was started
  });
});
