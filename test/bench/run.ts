/**
 * npm run bench — what people feel, measured in one run of the built studio on PostgreSQL with the
 * local engine: first-load JS per page, a phone load of the generator, and the API's throughput
 * and latency next to a bare constant route (the ceiling). Not part of CI.
 *
 * Needs a PostgreSQL server URL whose role may create databases: BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL). Builds the app when .next is missing. Records the run under --as=before|after
 * (default after; --fresh forgets that label's earlier runs) and rewrites BENCHMARKS.md's tables.
 * Options: --duration=<s per endpoint> (10), --phone-loads=<n> (5), --profile=<dir> (the server's CPU profile).
 * --only=webhook measures only the Stripe webhook (no build: its route in a process of its own), prints, records nothing.
 * --only=models measures only the CPU models (the upscale, the face checks, the worker's memory, the poll during an upscale), prints, records nothing.
 * --rows=<n> also measures flat cost with data (scale/): n generations of other users and 50,000 of the
 * benchmark user against a 60-row database, every read a person makes, and the engine's round;
 * recorded apart from the before/after runs. --only=reads measures just that (no phone, API, webhook
 * or models); --only=plans prints the reads' and the engine round's query plans on the large database.
 * --only=api builds the app (always: it measures this tree) and measures the poll's paths (poll-paths.ts: its own
 * route and tRPC's adapter, finished and running, beside the bare route and the REST poll), prints, records nothing.
 * --only=direct builds the app when .next is missing and measures what the direct routes buy (direct-routes.ts: the submit and
 * the webhook with server.mjs answering them before Next, and through Next, in interleaved rounds), prints, records nothing.
 * --only=builders builds the app when .next is missing and measures the builders' door (builders.ts: a submit with a key
 * against a cookie in interleaved rounds, and 1,000 completions' callbacks at a loopback receiver), prints, records nothing.
 * --only=screening builds the app when .next is missing and measures screening (screening.ts: one 1024² image screened in the
 * worker, and the poll's p99 while 20 images are screened at once against idle), prints, records nothing.
 * --only=console builds the app when .next is missing and measures the operator's console's reads (console-scale.ts: user
 * search, the jobs list filtered, the overview) at 100,000 users and 1,050,000 generations, prints, records nothing.
 * --only=start builds the app when .next is missing and measures npm start's cold start (spawn to first answer) and its memory
 * (cold-start.ts), prints, records nothing.
 * --only=lists builds the app when .next is missing and measures the list reads against the bare route at 16 connections
 * (lists.ts; the large database too with --rows; --runs=<n> runs on databases seeded once), recorded apart (results.json's
 * lists runs). A full run measures them too.
 * --only=streams builds the app when .next is missing and measures 10,000 open prediction.onUpdate streams (streams.ts: memory
 * a stream, refusals, the push of a final status, the poll beside them; --runs=<n> runs, each on a fresh studio and database),
 * recorded apart (results.json's streams runs). A full run measures them too.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createDb, type Db } from '~/server/db/client';
import { getTestDatabase } from '../helpers/database';
import { startApp } from '../e2e/helpers/app-server';
import { measureApi, READ_ROUNDS } from './api';
import { premiumBenchUser } from './bench-user';
import { firstLoadJs } from '../helpers/first-load-js';
import { measurePhoneLoads, measureStaticPhoneLoads } from './phone';
import { describeRun, loadResults, saveResults, writeReport, type BenchRun, type Label } from './report';
import { startFakeStripe } from '../helpers/fake-stripe';
import { describeWebhook, measureWebhook, processCpuMs, processGroupCpuMs } from './webhook';
import { describeModels, measureModelsHere, measurePollDuringUpscale } from './models';
import { describeScreening, measureScreening } from './screening';
import { measureScale } from './scale';
import { describeScale, type ScaleRun } from './scale/describe';
import { describePollPaths, measurePollPaths } from './poll-paths';
import { describeDirectRoutes, measureDirectRoutes } from './direct-routes';
import { describeBuilders, measureBuilders } from './builders';
import { describeColdStart, measureColdStart } from './cold-start';
import { describeConsole, measureConsole } from './console-scale';
import { describeLists, measureLists } from './lists';
import { describeStreams, measureStreams } from './streams';

const SECRET = 'bench-secret';
const option = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const DURATION_S = Number(option('duration') ?? 10);
const PHONE_LOADS = Number(option('phone-loads') ?? 5);
const LABEL: Label = option('as') === 'before' ? 'before' : 'after';
const FRESH = process.argv.includes('--fresh');
const ROWS = option('rows') === undefined ? undefined : Number(option('rows'));

function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'prisma', 'next.config.mjs', 'package.json'], { encoding: 'utf8' }).trim();
    return dirty ? `${sha}+changes` : sha;
  } catch {
    return 'unknown';
  }
}

/** `npm run build`, as production builds: the type check, the Next app and the inference worker. */
function buildTheApp(): void {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

async function settled(url: string, cookie: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const { data } = (await (await fetch(url, { headers: { cookie } })).json()) as { data: { status: string } };
    if (data.status === 'succeeded' || data.status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The seed generation did not finish: ${url}`);
}

async function screened(url: string, cookie: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const { data } = (await (await fetch(url, { headers: { cookie } })).json()) as { data: { review: string | null } };
    if (data.review === null) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The seed generation's screen did not answer: ${url}`);
}

/** The premium benchmark user (10,000,000 credits), signed in, with one FLUX image of theirs finished. */
async function benchUserWithFinishedSeed(appUrl: string, db: Db): Promise<{ cookie: string; id: string }> {
  const { cookie } = await premiumBenchUser(db, SECRET);
  const seed = await fetch(`${appUrl}/api/unigen`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: appUrl },
    body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'benchmark seed' }),
  });
  const id = ((await seed.json()) as { data: { id: string } }).data.id;
  await settled(`${appUrl}/api/unigen/${id}`, cookie);
  // A public result is shown to visitors (its share page) once its screen has answered.
  await screened(`${appUrl}/api/unigen/${id}`, cookie);
  return { cookie, id };
}

/** --only=webhook: the webhook's route served by a process of its own on a fresh database. */
async function webhookOnly(): Promise<void> {
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 5 });
  const stripe = await startFakeStripe();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' as const, DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: SECRET, ...stripe.env };
  const profile = option('profile') ? ['--cpu-prof', `--cpu-prof-dir=${option('profile')}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'test/bench/webhook-route-server.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      server.once('exit', (code: number | null) => reject(new Error(`the webhook route server exited (${code})`)));
    });
    const row = await measureWebhook({ webhookUrl: `${url}/api/webhooks/stripe`, db, stripe, serverCpuMs: () => processCpuMs(server.pid!) });
    console.log(describeWebhook(row));
    console.log('\n--only=webhook: printed, not recorded (a full `npm run bench` records the webhook with the rest).');
  } finally {
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
    await stripe.close();
    await db.$disconnect();
    await database.stop();
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server whose role may create databases.');
    process.exit(2);
  }
  process.env.TEST_DATABASE_URL = serverUrl;
  if (option('only') === 'webhook') return webhookOnly();
  if (option('only') === 'plans') return plansOnly();
  if (option('only') === 'api') return apiOnly();
  const modelsOnly = option('only') === 'models';
  if (!existsSync('.next/BUILD_ID') || !existsSync('.next/studio/inference-worker.cjs')) buildTheApp();
  if (option('only') === 'reads') return scaleOnly();
  if (option('only') === 'lists') return listsOnly();
  if (option('only') === 'streams') return streamsOnly();
  if (option('only') === 'start') {
    console.log(describeColdStart(await measureColdStart(SECRET)));
    console.log('\n--only=start: printed, not recorded.');
    return;
  }
  if (option('only') === 'screening') {
    console.log(describeScreening(await measureScreening(SECRET)));
    console.log('\n--only=screening: printed, not recorded.');
    return;
  }
  if (option('only') === 'console') {
    console.log(describeConsole(await measureConsole(SECRET, DURATION_S)));
    console.log('\n--only=console: printed, not recorded.');
    return;
  }
  if (option('only') === 'builders') {
    console.log(describeBuilders(await measureBuilders(SECRET, DURATION_S)));
    console.log('\n--only=builders: printed, not recorded.');
    return;
  }
  if (option('only') === 'direct') {
    console.log(describeDirectRoutes(await measureDirectRoutes(SECRET, DURATION_S)));
    console.log('\n--only=direct: printed, not recorded.');
    return;
  }
  const pages = firstLoadJs();
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 5 });
  // --profile=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = option('profile') ? ['--cpu-prof', `--cpu-prof-dir=${option('profile')}`] : [];
  // Payments go to a loopback fake of Stripe.
  const stripe = await startFakeStripe();
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: SECRET, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on', ...stripe.env }, profile);
  try {
    // A visitor's first look at the generator, before any load on the server.
    const phone = modelsOnly ? [] : await measurePhoneLoads(`${app.url}/create/flux-schnell`, PHONE_LOADS);

    // Polled once finished (as most polls are), and its rendering is not measured with anything.
    const { cookie, id } = await benchUserWithFinishedSeed(app.url, db);
    // The seed is a finished public image: its share page as a visitor's phone opens a pasted link.
    const sharePhone = modelsOnly ? [] : await measureStaticPhoneLoads(`${app.url}/c/${id}`, PHONE_LOADS);
    // Chromium has just closed: let the machine settle (1-minute load under 1, at most a minute) so
    // the API figures are not taken in the browser's wake.
    for (const until = Date.now() + 60_000; (loadavg()[0] ?? 0) >= 1 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 2000));
    const loadBefore = loadavg()[0];
    if (modelsOnly) {
      const models = { ...(await measureModelsHere()), ...(await measurePollDuringUpscale(app.url, cookie, id)) };
      console.log(describeModels(models));
      console.log('\n--only=models: printed, not recorded (a full `npm run bench` records them with the rest).');
      return;
    }
    // The models before the API: the submit measure leaves thousands of local jobs, and the
    // engine's rounds take running jobs in turn, so an upscale sent after them starts minutes later.
    // The worker's upscale has ended before the API is measured (measurePollDuringUpscale waits).
    const models = { ...(await measureModelsHere()), ...(await measurePollDuringUpscale(app.url, cookie, id)) };
    // The webhook before the API for the same reason: after it, its deliveries would share the
    // cores with the engine working through the submit measure's leftover jobs, a backlog no real
    // studio carries when a payment arrives.
    const webhook = await measureWebhook({ webhookUrl: `${app.url}/api/webhooks/stripe`, db, stripe, serverCpuMs: () => processGroupCpuMs(app.pid) });
    const api = await measureApi(app.url, cookie, id, DURATION_S);

    const run: BenchRun = { at: new Date().toISOString(), commit: commit(), durationS: DURATION_S, readRounds: READ_ROUNDS, loadBefore, api, pages, phone, sharePhone, webhook, models };
    console.log(describeRun(run));
    const results = loadResults();
    results[LABEL] = [...(FRESH ? [] : results[LABEL]), run];
    saveResults(results);
    writeReport(results);
    console.log(`\nRecorded as "${LABEL}" (${results[LABEL].length} run(s)); wrote BENCHMARKS.md`);
  } finally {
    await app.stop();
    await stripe.close();
    await db.$disconnect();
    await database.stop();
  }
  // After the studio above has stopped: studios of their own, on their own databases.
  await listsOnly();
  await streamsOnly();
  if (ROWS !== undefined) await scaleOnly();
}

/** Ten thousand open update streams (streams.ts), recorded in results.json's streams runs and BENCHMARKS.md. */
async function streamsOnly(): Promise<void> {
  const profile = option('profile') ? ['--cpu-prof', `--cpu-prof-dir=${option('profile')}`] : [];
  const runs = [];
  for (let i = 0; i < Number(option('runs') ?? 1); i += 1) {
    const run = await measureStreams({ secret: SECRET, commit: commit(), secondsPerWindow: Math.max(2, DURATION_S / 3), profile: i === 0 ? profile : [] });
    console.log(describeStreams(run));
    runs.push(run);
  }
  const results = loadResults();
  results.streams = [...(FRESH || !results.streams ? [] : results.streams), ...runs];
  saveResults(results);
  writeReport(results);
  console.log(`\nRecorded as an open-streams run (${results.streams.length} run(s)); wrote BENCHMARKS.md`);
}

/** The list reads against the bare route (lists.ts), recorded in results.json's lists runs and BENCHMARKS.md. */
async function listsOnly(): Promise<void> {
  const profile = option('profile') ? ['--cpu-prof', `--cpu-prof-dir=${option('profile')}`] : [];
  const runs = await measureLists({ otherRows: ROWS, secondsPerRead: DURATION_S, secret: SECRET, commit: commit(), profile, runs: Number(option('runs') ?? 1) });
  for (const run of runs) console.log(describeLists(run));
  const results = loadResults();
  results.lists = [...(FRESH || !results.lists ? [] : results.lists), ...runs];
  saveResults(results);
  writeReport(results);
  console.log(`\nRecorded as a list-reads run (${results.lists.length} run(s)); wrote BENCHMARKS.md`);
}

/** --rows=<n>: flat cost with data, recorded in results.json's scale runs and BENCHMARKS.md. */
async function scaleOnly(): Promise<void> {
  if (ROWS === undefined || !Number.isInteger(ROWS) || ROWS < 1) throw new Error('--only=reads needs --rows=<n> (e.g. --rows=1000000)');
  const scale = await measureScale({ otherRows: ROWS, secondsPerRead: DURATION_S, secret: SECRET, appEnv: {} });
  if (typeof scale === 'string') throw new Error('unexpected plans');
  const run: ScaleRun = { at: new Date().toISOString(), commit: commit(), loadBefore: loadavg()[0], scale };
  console.log(describeScale(run));
  const results = loadResults();
  results.scale = [...(FRESH || !results.scale ? [] : results.scale), run];
  saveResults(results);
  writeReport(results);
  console.log(`\nRecorded as a data-scale run (${results.scale.length} run(s)); wrote BENCHMARKS.md`);
}

/** --only=plans (with --rows): the query plans of every read and of the engine's round on the large database. */
async function plansOnly(): Promise<void> {
  const plans = await measureScale({ otherRows: ROWS ?? 1_000_000, secondsPerRead: DURATION_S, secret: SECRET, appEnv: {}, only: 'plans' });
  console.log(plans);
}

/** --only=api: a fresh build of this tree, then the poll's paths side by side (poll-paths.ts). */
async function apiOnly(): Promise<void> {
  buildTheApp();
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 5 });
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: SECRET, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on' });
  try {
    const { cookie, id } = await benchUserWithFinishedSeed(app.url, db);
    console.log(describePollPaths(await measurePollPaths(app.url, cookie, id, DURATION_S / 3)));
    console.log('\n--only=api: printed, not recorded.');
  } finally {
    await app.stop();
    await db.$disconnect();
    await database.stop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
