/**
 * Bench runs are kept in test/bench/results.json under a label (before/after), and BENCHMARKS.md's
 * generated section is rewritten from them: each figure as the median of its runs with the lowest
 * and highest beside it, so the spread (the noise) is visible. Text outside the markers is kept.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CONNECTIONS, ENDPOINTS, type ApiRow } from './api';
import type { PageWeight } from '../helpers/first-load-js';
import { PHONE_PROFILE, type PhoneLoad, type StaticPhoneLoad } from './phone';
import { describeWebhook, WEBHOOK_CONCURRENCY, WEBHOOK_DELIVERIES, type WebhookRow } from './webhook';
import { describeModels, POLL_RATE, type ModelsRow } from './models';
import { renderScale, type ScaleRun } from './scale/describe';
import { renderLists, type ListsRun } from './lists';
import { renderStreams, type StreamsRun } from './streams';
import { median } from './median';

/**
 * loadBefore: the machine's 1-minute load average as the API measurement began (others' work shows here).
 * readRounds: the interleaved rounds of the bare route and the polls; a run without it measured each endpoint in one window.
 * sharePhone: the same phone on a finished public result's share page /c/{id}; absent from runs that did not load it.
 */
export type BenchRun = {
  at: string;
  commit: string;
  durationS: number;
  readRounds?: number;
  loadBefore?: number;
  api: ApiRow[];
  pages: PageWeight[];
  phone: PhoneLoad[];
  sharePhone?: StaticPhoneLoad[];
  webhook?: WebhookRow;
  models?: ModelsRow;
};
export type Label = 'before' | 'after';
/** scale: the data-scale runs (`--rows`), lists: the list reads against the bare route, streams: open update streams; each kept apart from the before/after runs. */
export type BenchResults = Record<Label, BenchRun[]> & { scale?: ScaleRun[]; lists?: ListsRun[]; streams?: StreamsRun[] };

const RESULTS_FILE = 'test/bench/results.json';
const REPORT_FILE = 'BENCHMARKS.md';
const START = '<!-- bench:start (written by npm run bench) -->';
const END = '<!-- bench:end -->';

export const PAGE_BUDGET_BYTES = 250 * 1000;

export function loadResults(): BenchResults {
  if (!existsSync(RESULTS_FILE)) return { before: [], after: [] };
  return JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as BenchResults;
}

export function saveResults(results: BenchResults): void {
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}

type Format = (value: number) => string;
const whole: Format = (v) => String(Math.round(v));
const ratio: Format = (v) => v.toFixed(2);
const kB: Format = (v) => `${(v / 1000).toFixed(1)} kB`;
const seconds: Format = (v) => `${(v / 1000).toFixed(2)} s`;

/** "median (lowest–highest)", or the one value; "–" when the runs lack the figure. */
function cell(values: (number | undefined)[], format: Format): string {
  const present = values.filter((v): v is number => v !== undefined && Number.isFinite(v));
  if (present.length === 0) return '–';
  const low = Math.min(...present);
  const high = Math.max(...present);
  return low === high ? format(low) : `${format(median(present))} (${format(low)}–${format(high)})`;
}

const api = (run: BenchRun, name: string) => run.api.find((row) => row.name === name);
const bare = (run: BenchRun) => api(run, ENDPOINTS.bare);
const phoneMedian = (run: BenchRun, figure: keyof PhoneLoad) => (run.phone.length ? median(run.phone.map((load) => load[figure])) : undefined);
const sharePhoneMedian = (run: BenchRun, figure: keyof StaticPhoneLoad) => (run.sharePhone?.length ? median(run.sharePhone.map((load) => load[figure])) : undefined);

type Figure = { label: string; of: (run: BenchRun) => number | undefined; format: Format; target: string };

function apiFigures(): Figure[] {
  const figures: Figure[] = [];
  for (const name of Object.values(ENDPOINTS)) {
    const isBare = name === ENDPOINTS.bare;
    const target = name === ENDPOINTS.submit ? { ratio: '≥ 0.30', p99: '< 100 ms' } : { ratio: '≥ 0.80', p99: '≤ 1.5× bare' };
    figures.push({ label: `${name}: req/s`, of: (r) => api(r, name)?.rps, format: whole, target: '' });
    figures.push({ label: `${name}: p99 ms`, of: (r) => api(r, name)?.p99, format: whole, target: isBare ? '' : name === ENDPOINTS.submit ? target.p99 : '' });
    if (isBare) continue;
    figures.push({ label: `${name}: req/s ÷ bare`, of: (r) => ratioOf(api(r, name)?.rps, bare(r)?.rps), format: ratio, target: target.ratio });
    figures.push({ label: `${name}: p99 ÷ bare p99`, of: (r) => ratioOf(api(r, name)?.p99, bare(r)?.p99), format: ratio, target: name === ENDPOINTS.submit ? '' : '≤ 1.50' });
    figures.push({ label: `${name}: errors + non-2xx`, of: (r) => { const row = api(r, name); return row ? row.errors + row.non2xx : undefined; }, format: whole, target: '0' });
  }
  return figures;
}

function ratioOf(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || !b ? undefined : a / b;
}

function pageFigures(results: BenchResults): Figure[] {
  const pages = [...new Set([...results.before, ...results.after].flatMap((run) => run.pages.map((p) => p.page)))].sort();
  return pages.map((page) => ({
    label: page,
    of: (run) => run.pages.find((p) => p.page === page)?.gzipBytes,
    format: kB,
    target: `≤ ${kB(PAGE_BUDGET_BYTES)}`,
  }));
}

const PHONE_FIGURES: Figure[] = [
  { label: 'Largest Contentful Paint', of: (r) => phoneMedian(r, 'lcpMs'), format: seconds, target: '≤ 2.50 s' },
  { label: 'Form reacts (hydrated)', of: (r) => phoneMedian(r, 'formReactsMs'), format: seconds, target: '≤ 3.50 s' },
  { label: 'Bytes transferred', of: (r) => phoneMedian(r, 'bytes'), format: kB, target: '' },
];

const SHARE_PHONE_FIGURES: Figure[] = [
  { label: 'Largest Contentful Paint', of: (r) => sharePhoneMedian(r, 'lcpMs'), format: seconds, target: '≤ 2.50 s' },
  { label: 'Bytes transferred', of: (r) => sharePhoneMedian(r, 'bytes'), format: kB, target: '' },
];

const WEBHOOK_FIGURES: Figure[] = [
  { label: 'deliveries per second', of: (r) => r.webhook?.rps, format: whole, target: '' },
  { label: 'p50 ms', of: (r) => r.webhook?.p50, format: whole, target: '' },
  { label: 'p99 ms', of: (r) => r.webhook?.p99, format: whole, target: '< 50 ms' },
  { label: 'non-200 answers', of: (r) => r.webhook?.non200, format: whole, target: '0' },
  { label: 'payments granted twice', of: (r) => r.webhook?.doubleGrants, format: whole, target: '0' },
  { label: 'payments not granted', of: (r) => r.webhook?.missingGrants, format: whole, target: '0' },
  { label: 'users whose balance ≠ ledger sum or purchases', of: (r) => r.webhook?.booksOff, format: whole, target: '0' },
];

const mb: Format = (v) => `${(v / 1024 / 1024).toFixed(0)} MB`;
const faceCheck = (run: BenchRun, photo: string) => run.models?.faceChecks.find((c) => c.photo === photo)?.ms;

const MODEL_FIGURES: Figure[] = [
  { label: 'upscale 512×512 ×4 (decode, model, PNG)', of: (r) => r.models?.upscaleMs, format: seconds, target: '≤ 12.00 s' },
  ...['astronaut (one face)', 'chelsea (a cat)', 'coffee (none)', 'two astronauts'].map((photo) => ({ label: `face check: ${photo}, ms`, of: (r: BenchRun) => faceCheck(r, photo), format: whole, target: '≤ 500' })),
  { label: `poll p99 ms at ${POLL_RATE} req/s, idle`, of: (r) => r.models?.pollIdleP99, format: whole, target: '' },
  { label: `poll p99 ms at ${POLL_RATE} req/s, during the upscale`, of: (r) => r.models?.pollUpscaleP99, format: whole, target: '' },
  { label: 'poll p99 during ÷ idle', of: (r) => ratioOf(r.models?.pollUpscaleP99, r.models?.pollIdleP99), format: ratio, target: '< 2.00' },
  { label: 'worker peak memory: V8 heap', of: (r) => r.models?.workerHeapBytes, format: mb, target: '' },
  { label: 'worker peak memory: outside the heap (WebAssembly, buffers)', of: (r) => r.models?.workerExternalBytes, format: mb, target: '' },
];

function table(title: string, figures: Figure[], results: BenchResults): string {
  const rows = figures.map((f) => `| ${f.label} | ${cell(results.before.map(f.of), f.format)} | ${cell(results.after.map(f.of), f.format)} | ${f.target} |`);
  return [`| ${title} | Before | After | Target |`, '|---|---:|---:|---:|', ...rows].join('\n');
}

function runsLine(label: Label, runs: BenchRun[]): string {
  if (runs.length === 0) return `- ${label}: no runs yet`;
  const commits = [...new Set(runs.map((r) => r.commit))].join(', ');
  const dates = [...new Set(runs.map((r) => r.at.slice(0, 10)))].join(', ');
  const loads = runs.map((r) => r.loadBefore).filter((v): v is number => v !== undefined);
  const load = loads.length ? `, load average before the API runs ${loads.map((v) => v.toFixed(1)).join(' / ')}` : '';
  return `- ${label}: ${runs.length} run${runs.length > 1 ? 's' : ''} of commit ${commits} (${dates}), ${runs[0]!.durationS} s per endpoint, ${readMethod(runs)}${load}`;
}

/** How the runs measured the bare route and the polls: in interleaved rounds, or one window each. */
function readMethod(runs: BenchRun[]): string {
  const rounds = [...new Set(runs.map((r) => r.readRounds ?? 1))];
  return rounds.map((n) => (n > 1 ? `the bare route and the polls in ${n} interleaved rounds` : 'each endpoint in one window')).join(' or ');
}

export function renderGenerated(results: BenchResults): string {
  const p = PHONE_PROFILE;
  return [
    START,
    '',
    runsLine('before', results.before),
    runsLine('after', results.after),
    '',
    'Each cell is the median of the runs, with the lowest and highest in brackets. Ratios are taken',
    'within each run (the bare route is this machine\'s ceiling in that run).',
    '',
    `### API (${CONNECTIONS} connections, autocannon)`,
    '',
    'Where the runs above say so, the bare route and the two poll paths are measured in interleaved rounds',
    '(each figure the mean of its rounds); the submit comes last, in one window.',
    '',
    table('Figure', apiFigures(), results),
    '',
    '### First-load JS per page (gzip of `/_app` + the page + `rootMainFiles`, from `.next/build-manifest.json`; deterministic)',
    '',
    table('Page', pageFigures(results), results),
    '',
    `### Phone load of /create/flux-schnell (median of the loads in each run)`,
    '',
    `${p.viewport.width}×${p.viewport.height} touch viewport at ${p.deviceScaleFactor}×, ${p.cpuSlowdown}× CPU slowdown, ${p.network.latency} ms latency,`,
    `${p.network.downloadThroughput} B/s down, ${p.network.uploadThroughput} B/s up, cold cache; Debian's Chromium.`,
    '',
    table('Figure', PHONE_FIGURES, results),
    '',
    '### Phone load of a share page /c/{id} (a finished public image; the same phone; the page sends no script)',
    '',
    table('Figure', SHARE_PHONE_FIGURES, results),
    '',
    `### Stripe webhook (${WEBHOOK_DELIVERIES} signed deliveries over HTTP, ${WEBHOOK_CONCURRENCY} at a time: 600 new payments, 400 replays under the same or another event id)`,
    '',
    table('Figure', WEBHOOK_FIGURES, results),
    '',
    '### CPU models (ESRGAN-slim and the tiny face detector on the wasm backend, in the inference worker)',
    '',
    'The upscale and the face checks are timed in the bench process after a warm-up (the worker started,',
    'the weights loaded); the poll is the running studio\'s, idle and while its worker upscales.',
    '',
    table('Figure', MODEL_FIGURES, results),
    '',
    ...renderScale(results.scale ?? []),
    ...renderLists(results.lists ?? []),
    ...renderStreams(results.streams ?? []),
    END,
  ].join('\n');
}

const TEMPLATE_HEAD = `# Benchmarks

\`npm run bench\` builds the app when \`.next\` is missing, starts it as \`npm start\` does (server.mjs) on PostgreSQL 15
(BENCH_DATABASE_URL or TEST_DATABASE_URL) with the local engine, and measures, in one run: the
first-load JS of every page, a phone load of the generator, and the API next to a bare route.
\`npm run bench -- --as=before\` records a run as "before" (default: "after"); \`--fresh\` first
forgets that label's earlier runs. Runs are kept in \`test/bench/results.json\`.

`;

export function writeReport(results: BenchResults): void {
  const generated = renderGenerated(results);
  const current = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + generated + current.slice(end + END.length) : `${TEMPLATE_HEAD}${generated}\n`;
  writeFileSync(REPORT_FILE, next);
}

/** The run just measured, for the terminal. */
export function describeRun(run: BenchRun): string {
  const ceiling = bare(run);
  const apiLines = [
    '| Endpoint | req/s | p50 ms | p99 ms | errors | non-2xx | req/s ÷ bare | p99 ÷ bare p99 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...run.api.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${ratio(ratioOf(r.rps, ceiling?.rps) ?? NaN)} | ${ratio(ratioOf(r.p99, ceiling?.p99) ?? NaN)} |`),
  ];
  const pageLines = ['| Page | first-load JS (gzip) | files |', '|---|---:|---:|', ...run.pages.map((p) => `| ${p.page} | ${kB(p.gzipBytes)} | ${p.files} |`)];
  const phoneLines = [
    '| Load | LCP | form reacts | bytes |',
    '|---|---:|---:|---:|',
    ...run.phone.map((l, i) => `| ${i + 1} | ${seconds(l.lcpMs)} | ${seconds(l.formReactsMs)} | ${kB(l.bytes)} |`),
    ...(run.sharePhone ?? []).map((l, i) => `| share page ${i + 1} | ${seconds(l.lcpMs)} | – | ${kB(l.bytes)} |`),
  ];
  const load = run.loadBefore === undefined ? [] : ['', `1-minute load average before the API measurement: ${run.loadBefore.toFixed(2)} (2 cores)`];
  const webhook = run.webhook ? ['', describeWebhook(run.webhook)] : [];
  const models = run.models ? ['', describeModels(run.models)] : [];
  return [...pageLines, '', ...phoneLines, '', ...apiLines, ...load, ...webhook, ...models].join('\n');
}
