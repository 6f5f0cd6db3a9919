/**
 * `npm run bench -- --only=lists` (issue 40 item 1): the reads people make most after the generator
 * (a page of creations, its filtered forms, its next page, recent creations, the credit history,
 * the poll of a finished generation) against the bare route of the same studio, at 16 connections,
 * in interleaved rounds (each round: every read once), each figure the mean of its rounds. On the
 * small database (scale/seed.ts: 60 generations of the benchmark user) and, with --rows=<n>, on the
 * large one too (n generations of other users and 50,000 of the benchmark user), one studio at a
 * time so neither shares the cores with the other's idle work. --runs=<n> (1) measures n runs on
 * databases seeded once. The ratios are each run's own.
 */
import { loadavg } from 'node:os';
import type { TestDatabase } from '../helpers/database';
import { encode } from 'next-auth/jwt';
import { createDb } from '~/server/db/client';
import { startApp, type AppServer } from '../e2e/helpers/app-server';
import { prepare, side } from './scale';
import { BARE, meanOf, SCALE_READS, urlOf, window, type ScaleFigure, type ScaleRead, type ScaleSide } from './scale/reads';
import { countRows, seedLarge, seedSmall } from './scale/seed';
import { median } from './median';

export const LIST_CONNECTIONS = 16;
export const LIST_ROUNDS = 3;

/** Issue 40's goals: each against the bare route in the same run. */
export const PAGE_TARGET = { ratio: 0.35, p99Ms: 60 };
export const OTHER_READ_TARGET = 0.5;

const MEASURED = new Set([
  BARE,
  'creations list',
  'filter: type video',
  'filter: status running',
  'filter: status failed',
  'filter: model flux-schnell',
  'filter: rare model kling-1.6-multi',
  'next page (cursor)',
  'recent creations',
  'credit history',
  'poll: finished generation (prediction.get)',
]);
export const LIST_READS: ScaleRead[] = SCALE_READS.filter((read) => MEASURED.has(read.name));

/** The page of creations and its forms (filters, next page): the reads with the page's targets. */
export const isPageRead = (name: string) => name === 'creations list' || name.startsWith('filter:') || name.startsWith('next page');

export type ListFigure = ScaleFigure & { ratio: number };
export type ListsDatabase = { generations: number; reads: Array<{ name: string } & ListFigure> };
export type ListsRun = { at: string; commit: string; loadBefore: number; connections: number; rounds: number; secondsPerRead: number; small: ListsDatabase; large?: ListsDatabase };

/**
 * The benchmark user's studio for the list reads: signed in, one of their seeded finished
 * generations to poll (on the large database none is submitted: the seed's running rows hold every
 * slot the engine's fair share gives a model, so a new job would wait for them), page 1's cursor.
 */
async function listSide(app: AppServer, database: TestDatabase, userId: string, secret: string): Promise<ScaleSide> {
  const cookie = `next-auth.session-token=${await encode({ token: { sub: userId, email: 'bench@example.test' }, secret })}`;
  const db = createDb(database.connectionString, { maxConnections: 1 });
  try {
    const finished = await db.generation.findFirst({ where: { userId, status: 'succeeded', deletedAt: null }, select: { id: true } });
    // The small database's seed has no finished row: one is made there (its engine has room).
    if (!finished) return await side(app, userId, secret);
    const page = await db.generation.findMany({ where: { userId, deletedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 24, select: { id: true } });
    return { url: app.url, cookie, cursor: page.at(-1)!.id, finishedId: finished.id };
  } finally {
    await db.$disconnect();
  }
}

async function measureOn(database: TestDatabase, userId: string, secret: string, secondsPerRead: number, profile: string[]): Promise<ListsDatabase> {
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: secret, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on' }, profile);
  try {
    const here = await listSide(app, database, userId, secret);
    const seconds = Math.max(1, secondsPerRead / LIST_ROUNDS);
    const figures = new Map<string, ScaleFigure[]>();
    for (let round = 0; round < LIST_ROUNDS; round += 1) {
      for (const read of LIST_READS) {
        const url = urlOf(read, here, { cursor: here.cursor, finishedId: here.finishedId });
        figures.set(read.name, [...(figures.get(read.name) ?? []), await window(url, here.cookie, seconds, LIST_CONNECTIONS)]);
      }
    }
    const bare = meanOf(figures.get(BARE)!);
    const reads = LIST_READS.map((read) => {
      const figure = meanOf(figures.get(read.name)!);
      return { name: read.name, ...figure, ratio: Math.round((figure.rps / bare.rps) * 100) / 100 };
    });
    return { generations: (await countRows(database.connectionString)).generations, reads };
  } finally {
    await app.stop();
  }
}

/**
 * `runs` runs, each with fresh studios (one per database, one at a time) on databases seeded once:
 * seeding the large one takes minutes, and a run's figures are its studio's, not its data's.
 */
export async function measureLists(options: { otherRows?: number; secondsPerRead: number; secret: string; commit: string; profile: string[]; runs: number }): Promise<ListsRun[]> {
  const small = await prepare((url, userId) => seedSmall(url, userId));
  const large = options.otherRows === undefined ? undefined : await prepare((url, userId) => seedLarge(url, userId, options.otherRows!));
  const runs: ListsRun[] = [];
  try {
    for (let run = 0; run < options.runs; run += 1) {
      const loadBefore = loadavg()[0] ?? 0;
      const smallFigures = await measureOn(small.database, small.userId, options.secret, options.secondsPerRead, run === 0 ? options.profile : []);
      const largeFigures = large ? await measureOn(large.database, large.userId, options.secret, options.secondsPerRead, []) : undefined;
      runs.push({ at: new Date().toISOString(), commit: options.commit, loadBefore, connections: LIST_CONNECTIONS, rounds: LIST_ROUNDS, secondsPerRead: options.secondsPerRead, small: smallFigures, ...(largeFigures ? { large: largeFigures } : {}) });
    }
  } finally {
    for (const prepared of [small, large]) {
      if (!prepared) continue;
      await prepared.db.$disconnect();
      await prepared.database.stop();
    }
  }
  return runs;
}

function targetOf(name: string): string {
  if (name === BARE) return '';
  if (isPageRead(name)) return `≥ ${PAGE_TARGET.ratio.toFixed(2)}, p99 ≤ ${PAGE_TARGET.p99Ms} ms`;
  if (name === 'recent creations' || name === 'credit history') return `≥ ${OTHER_READ_TARGET.toFixed(2)}`;
  return '';
}

/** One run, for the terminal. */
export function describeLists(run: ListsRun): string {
  const sides = [['small', run.small], ['large', run.large]] as const;
  const lines = [`List reads against the bare route (${run.connections} connections, ${run.rounds} interleaved rounds of ${(run.secondsPerRead / run.rounds).toFixed(1)} s, load before ${run.loadBefore.toFixed(2)})`];
  for (const [name, side] of sides) {
    if (!side) continue;
    lines.push('', `${name} database (${side.generations.toLocaleString('en')} generations)`, '| Read | req/s | ÷ bare | p50 ms | p99 ms | errors + non-2xx | target |', '|---|---:|---:|---:|---:|---:|---|');
    for (const r of side.reads) lines.push(`| ${r.name} | ${Math.round(r.rps)} | ${r.ratio.toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} | ${targetOf(r.name)} |`);
  }
  return lines.join('\n');
}

function cell(values: number[], digits: number): string {
  if (values.length === 0) return '–';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? low.toFixed(digits) : `${median(values).toFixed(digits)} (${low.toFixed(digits)}–${high.toFixed(digits)})`;
}

/** BENCHMARKS.md's section over the recorded runs: each cell the median of the runs, lowest and highest in brackets. */
export function renderLists(runs: ListsRun[]): string[] {
  if (runs.length === 0) return [];
  const commits = [...new Set(runs.map((r) => r.commit))].join(', ');
  const dates = [...new Set(runs.map((r) => r.at.slice(0, 10)))].join(', ');
  const larges = runs.filter((r) => r.large);
  const figure = (side: 'small' | 'large', name: string, pick: (f: ListFigure) => number) =>
    runs.flatMap((run) => {
      const row = run[side]?.reads.find((r) => r.name === name);
      return row ? [pick(row)] : [];
    });
  const names = runs[0]!.small.reads.map((r) => r.name);
  return [
    `### The list reads against the bare route (\`npm run bench -- --only=lists --rows=1000000\`)`,
    '',
    `${runs.length} run${runs.length > 1 ? 's' : ''} of commit ${commits} (${dates}), ${runs[0]!.connections} connections, each read in ${runs[0]!.rounds} interleaved rounds with the bare route of the same studio; each ratio is taken within its run.`,
    `small: ${runs[0]!.small.generations} generations; large: ${larges[0]?.large?.generations.toLocaleString('en') ?? '–'} generations (${larges.length} of the runs). Load average before each run: ${runs.map((r) => r.loadBefore.toFixed(1)).join(', ')}.`,
    '',
    '| Read | small req/s | small ÷ bare | small p99 ms | large req/s | large ÷ bare | large p99 ms | errors + non-2xx | Target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...names.map(
      (name) =>
        `| ${name} | ${cell(figure('small', name, (f) => f.rps), 0)} | ${name === BARE ? '' : cell(figure('small', name, (f) => f.ratio), 2)} | ${cell(figure('small', name, (f) => f.p99), 0)} | ${cell(figure('large', name, (f) => f.rps), 0)} | ${name === BARE ? '' : cell(figure('large', name, (f) => f.ratio), 2)} | ${cell(figure('large', name, (f) => f.p99), 0)} | ${cell([...figure('small', name, (f) => f.errors + f.non2xx), ...figure('large', name, (f) => f.errors + f.non2xx)], 0)} | ${targetOf(name)} |`,
    ),
    '',
  ];
}
