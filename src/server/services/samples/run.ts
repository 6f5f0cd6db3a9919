/**
 * `npm run samples`: renders the catalogue's sample art through the real providers, as generations
 * of a premium "samples" user through the same engine people use (ledger debit, dispatch, provider
 * clients, outputs kept in our storage, refunds on failure), and records each result in the samples
 * manifest the catalogue reads. What exists is skipped; a generation left running by an interrupted
 * run is picked up again instead of being paid twice. Nothing is spent before the plan and its cost
 * are printed and confirmed.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer as streamToBuffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { getEnv } from '~/env';
import type { SampleEntry, SamplesManifest } from '~/catalogue/assets/samples';
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { ensureServerRuntime } from '~/server/runtime';
import { getBalance, grantCredits } from '~/server/services/credits/ledger';
import { storedOutputsOf, type StoredOutput } from '~/server/services/generation/present';
import { platformFor } from '~/server/services/generation/provider-registry';
import { isRunning } from '~/server/services/generation/statuses';
import { submitGeneration } from '~/server/services/generation/submit';
import { getStorage, objectUrl } from '~/server/services/storage';
import { storeGeneratedFile } from '~/server/services/storage/keep-output';
import { buildUploadKey } from '~/server/services/storage/keys';
import { findOrCreateUserByEmail } from '~/server/services/users';
import { scaledMs } from '~/server/config/time-scale';
import { readSamplesManifest, writeSamplesManifest } from './manifest-file';
import { needsMask, planSampleJobs, sampleRequest, type PlannedJob } from './plan';
import { firstFrameWebp } from './poster';

/** The account the samples are rendered as (premium: no free-tier queue wait). */
export const SAMPLES_OWNER_EMAIL = 'samples@lumen-studio.invalid';

export const SAMPLES_TEXT = {
  noProviders: 'No model provider is configured (set REPLICATE_API_TOKEN and/or FAL_KEY, see src/env.ts): the generated placeholder art stays.',
  nothingToDo: 'Nothing to render.',
  declined: 'Nothing was rendered.',
} as const;

export type SamplesOptions = {
  /** Opened only when a provider is configured (no database is started just to say there is none). */
  db: () => Promise<Db>;
  /** The manifest to read and extend (the catalogue's by default, see manifest-file). */
  manifestPath: string;
  /** Asks before anything is spent; true goes on. */
  confirm: (question: string) => Promise<boolean>;
  print: (line: string) => void;
  /** Only jobs whose asset path or label contains one of these comma-separated texts. */
  only?: string;
  /** Where the placeholder art (and so the example inputs) lives. */
  publicDir?: string;
  /** Renders in flight at once. */
  concurrency?: number;
};

export type SamplesOutcome = {
  status: 'no_providers' | 'nothing_to_do' | 'declined' | 'done';
  rendered: string[];
  failed: { id: string; error: string }[];
  /** Jobs whose samples all exist. */
  existing: string[];
  /** Credits the planned renders cost. */
  credits: number;
};

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

function providerName(platform: string): string {
  return platform === 'fal' ? 'fal (FAL_KEY)' : 'Replicate (REPLICATE_API_TOKEN)';
}

/** A job to render; `resumes` is the generation an interrupted run left unfinished (or finished unrecorded). */
type Todo = PlannedJob & { resumes?: string };

type InvalidJob = Extract<PlannedJob, { valid: false }>;

const costOf = (job: Todo) => (job.resumes ? 0 : job.credits);

/** The tag a job's generations carry (their pageId), so a later run finds them. */
export function sampleTag(jobId: string): string {
  return `samples:${jobId}`;
}

async function resumable(db: Db, ownerId: string, job: PlannedJob): Promise<string | undefined> {
  const previous = await db.generation.findFirst({ where: { userId: ownerId, pageId: sampleTag(job.id) }, orderBy: { createdAt: 'desc' } });
  if (!previous) return undefined;
  return isRunning(previous.status) || (previous.status === 'succeeded' && storedOutputsOf(previous.outputs).length > 0) ? previous.id : undefined;
}

/** Every asset path a job fills, clip included. */
function keysOf(job: PlannedJob): string[] {
  return job.clip ? [...job.stills, job.clip] : job.stills;
}

async function allExist(manifest: SamplesManifest, job: PlannedJob): Promise<boolean> {
  for (const key of keysOf(job)) {
    const entry = manifest[key];
    if (!entry || !(await getStorage().exists(entry.key))) return false;
  }
  return true;
}

function printPlan(print: SamplesOptions['print'], todo: Todo[], existing: number, unavailable: PlannedJob[], invalid: InvalidJob[]): number {
  const total = todo.reduce((sum, job) => sum + costOf(job), 0);
  print(`Samples: ${todo.length} to render, ${existing} already exist.`);
  for (const job of todo) {
    const cost = job.resumes ? 'already paid: picks up its unfinished render' : `${credits(job.credits)} on ${job.model.api.platform}`;
    print(`  ${job.label.padEnd(34)} ${job.id}  ${cost}`);
  }
  const missing = [...new Set(unavailable.map((job) => job.model.api.platform))];
  for (const platform of missing) {
    print(`Skipped: ${unavailable.filter((j) => j.model.api.platform === platform).length} need ${providerName(platform)}, which is not configured.`);
  }
  for (const job of invalid) print(`Cannot render ${job.id} (${job.label}): ${job.problem}`);
  const byPlatform = new Map<string, { renders: number; credits: number }>();
  for (const job of todo.filter((j) => !j.resumes)) {
    const sum = byPlatform.get(job.model.api.platform) ?? { renders: 0, credits: 0 };
    byPlatform.set(job.model.api.platform, { renders: sum.renders + 1, credits: sum.credits + job.credits });
  }
  const parts = [...byPlatform].map(([platform, sum]) => `${platform}: ${sum.renders} render${sum.renders === 1 ? '' : 's'}, ${credits(sum.credits)}`);
  print(`Total cost: ${credits(total)}${parts.length ? ` (${parts.join('; ')})` : ''}; each provider bills these requests at its own prices.`);
  return total;
}

/** Where browsers load an object from: the app path for local storage (any origin), else the bucket URL. */
function browserUrl(key: string): string {
  const url = objectUrl(key, false);
  const origin = getEnv().appOrigin;
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

function entryFor(output: { key: string; contentType: string }, generationId: string): SampleEntry {
  return { url: browserUrl(output.key), key: output.key, contentType: output.contentType, generationId };
}

type Owner = { id: string };

async function samplesOwner(db: Db, needed: number): Promise<Owner> {
  const user = await findOrCreateUserByEmail(db, { email: SAMPLES_OWNER_EMAIL, name: 'Catalogue samples' });
  if (!user.premium) await db.user.update({ where: { id: user.id }, data: { premium: true } });
  const balance = await getBalance(db, user.id);
  if (balance < needed) await grantCredits(db, user.id, needed - balance, { reason: 'admin_grant', note: 'npm run samples' });
  return { id: user.id };
}

/** Example inputs become the owner's public uploads (PNG, which every image field accepts). */
function inputUploader(db: Db, owner: Owner, publicDir: string) {
  const cache = new Map<string, Promise<{ url: string; width: number; height: number }>>();
  const store = async (bytes: Buffer): Promise<string> => {
    const day = new Date().toISOString().slice(0, 10);
    const key = buildUploadKey({ userId: owner.id, folder: `uploads/${day}`, remoteName: `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.png` });
    await getStorage().putObject({ key, body: bytes, contentType: 'image/png', size: bytes.length });
    await db.storedObject.create({ data: { key, ownerId: owner.id, contentType: 'image/png', size: bytes.length, isPrivate: false } });
    return objectUrl(key, false);
  };
  const upload = (assetPath: string) => {
    let pending = cache.get(assetPath);
    if (!pending) {
      pending = (async () => {
        const { data, info } = await sharp(await readFile(path.join(publicDir, assetPath))).png().toBuffer({ resolveWithObject: true });
        return { url: await store(data), width: info.width, height: info.height };
      })();
      cache.set(assetPath, pending);
    }
    return pending;
  };
  /** A mask over the middle of the image (white is repainted), for tools that need one. */
  const mask = async (width: number, height: number): Promise<string> => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/><ellipse cx="${width / 2}" cy="${height * 0.6}" rx="${width / 4}" ry="${height / 5}" fill="#fff"/></svg>`;
    return store(await sharp(Buffer.from(svg)).png().toBuffer());
  };
  return { upload, mask };
}

async function waitForEnd(db: Db, id: string): Promise<Generation> {
  for (;;) {
    const row = await db.generation.findUniqueOrThrow({ where: { id } });
    // The engine fails and refunds a job stuck past its limit, so this always ends.
    if (!isRunning(row.status)) return row;
    await sleep(Math.max(50, scaledMs(2)));
  }
}

async function readObject(key: string): Promise<Buffer> {
  const object = await getStorage().getObject(key);
  if (!object) throw new Error(`The rendered file ${key} is missing from storage.`);
  return streamToBuffer(object.body);
}

/** One job: resume its generation or submit it, wait for the end, and say which sample is where. */
async function renderJob(db: Db, owner: Owner, job: Todo, uploads: ReturnType<typeof inputUploader>): Promise<SamplesManifest> {
  let row: Generation;
  if (job.resumes) {
    row = await waitForEnd(db, job.resumes);
  } else {
    const inputs = await Promise.all(job.inputs.map((asset) => uploads.upload(asset)));
    const first = inputs[0];
    const maskUrl = needsMask(job) && first ? await uploads.mask(first.width, first.height) : undefined;
    const request = sampleRequest(job, inputs.map((i) => i.url), maskUrl);
    const submitted = await submitGeneration(db, owner.id, { ...request, pageId: sampleTag(job.id), credit_to_consume: job.credits });
    row = await waitForEnd(db, submitted.id);
  }
  if (row.status !== 'succeeded') throw new Error(row.error ?? `The generation ended ${row.status}.`);
  const output: StoredOutput | undefined = storedOutputsOf(row.outputs)[0];
  if (!output) throw new Error('The generation succeeded without a file.');
  const entries: SamplesManifest = {};
  if (job.clip) {
    if (!output.contentType.startsWith('video/')) throw new Error(`Expected a video, got ${output.contentType}.`);
    entries[job.clip] = entryFor(output, row.id);
    const still = await storeGeneratedFile({ ownerId: owner.id, generationId: row.id, isPrivate: false, index: 1, buffer: await firstFrameWebp(await readObject(output.key)), contentType: 'image/webp' });
    for (const key of job.stills) entries[key] = entryFor(still, row.id);
  } else {
    if (!output.contentType.startsWith('image/')) throw new Error(`Expected an image, got ${output.contentType}.`);
    for (const key of job.stills) entries[key] = entryFor(output, row.id);
  }
  return entries;
}

export async function runSamples(options: SamplesOptions): Promise<SamplesOutcome> {
  const { print } = options;
  const outcome: SamplesOutcome = { status: 'done', rendered: [], failed: [], existing: [], credits: 0 };
  const available = (platform: string) => platformFor(platform) !== 'local';
  if (!available('replicate') && !available('fal')) {
    print(SAMPLES_TEXT.noProviders);
    return { ...outcome, status: 'no_providers' };
  }
  const only = (options.only ?? '').toLowerCase().split(',').map((text) => text.trim()).filter(Boolean);
  const wanted = (job: PlannedJob) => only.length === 0 || only.some((text) => job.id.toLowerCase().includes(text) || job.label.toLowerCase().includes(text));
  const planned = planSampleJobs().filter(wanted);
  const manifest = await readSamplesManifest(options.manifestPath);
  const db = await options.db();
  const known = await db.user.findUnique({ where: { email: SAMPLES_OWNER_EMAIL }, select: { id: true } });
  const todo: Todo[] = [];
  const unavailable: PlannedJob[] = [];
  const invalid: InvalidJob[] = [];
  for (const job of planned) {
    if (await allExist(manifest, job)) outcome.existing.push(job.id);
    else if (!job.valid) invalid.push(job);
    else if (!available(job.model.api.platform)) unavailable.push(job);
    else todo.push({ ...job, resumes: known ? await resumable(db, known.id, job) : undefined });
  }
  outcome.credits = printPlan(print, todo, outcome.existing.length, unavailable, invalid);
  if (todo.length === 0) {
    print(SAMPLES_TEXT.nothingToDo);
    return { ...outcome, status: 'nothing_to_do' };
  }
  if (!(await options.confirm(`Render ${todo.length} sample${todo.length === 1 ? '' : 's'} for ${credits(outcome.credits)}? [y/N] `))) {
    print(SAMPLES_TEXT.declined);
    return { ...outcome, status: 'declined' };
  }

  const owner = await samplesOwner(db, outcome.credits);
  ensureServerRuntime(db);
  const uploads = inputUploader(db, owner, options.publicDir ?? path.resolve(process.cwd(), 'public'));
  // Each finished job is written at once, so an interrupted run resumes after it.
  let saving = Promise.resolve();
  const save = (entries: SamplesManifest) => {
    Object.assign(manifest, entries);
    saving = saving.then(() => writeSamplesManifest(options.manifestPath, manifest));
    return saving;
  };
  const queue = [...todo];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      try {
        await save(await renderJob(db, owner, job, uploads));
        outcome.rendered.push(job.id);
        print(`✓ ${job.id} (${job.label})`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        outcome.failed.push({ id: job.id, error: message });
        print(`✗ ${job.id} (${job.label}): ${message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 3) }, worker));
  await saving;
  const spent = todo.filter((job) => outcome.rendered.includes(job.id)).reduce((sum, job) => sum + costOf(job), 0);
  print(
    `Rendered ${outcome.rendered.length} of ${todo.length} (${credits(spent)})${outcome.failed.length ? `; ${outcome.failed.length} failed (a failed generation is refunded): run again to retry them` : ''}. Manifest: ${options.manifestPath}`,
  );
  return outcome;
}
