/**
 * Flat cost with data (issue 20 item 7): every read a person makes, measured on two running
 * studios side by side, one on the large database and one on the small one (seed.ts), in
 * interleaved rounds (for each round, each read: small then large, or large then small on odd
 * rounds), each figure the mean of its rounds. The bare route is measured in the same rounds on
 * each studio, so the poll of a running generation can be compared with it too.
 *
 * The poll of a running generation polls a local video job that runs throughout its window: its
 * status is read before the window (a new job is submitted and awaited when the last one has too
 * little time left) and after it; a window the job did not span is reported.
 */
import autocannon from 'autocannon';
import type { createCaller } from '~/server/trpc/root';
import { CONNECTIONS } from '../api';
import { COMMON_MODEL, RARE_MODEL, SEARCH_WORD } from './seed';

type Caller = ReturnType<typeof createCaller>;
type ReadContext = { cursor: string; runningId?: string; finishedId?: string };

export type ScaleRead = {
  name: string;
  /** A tRPC query (GET, batched as the browser sends it) or a REST path. */
  trpc?: string;
  rest?: (context: ReadContext) => string;
  input: (context: ReadContext) => unknown;
  /** The same read through tRPC's public caller, for its query plans (plans.ts). */
  procedure?: (caller: Caller, input: unknown) => Promise<unknown>;
};

export const BARE = 'bare route (GET /api/health)';
export const POLL_RUNNING = 'poll: running generation (prediction.get)';
export const POLL_RUNNING_REST = 'poll: running generation (GET /api/unigen/{id})';

/** The /creations page's page size, the generator's recent list, the credit history's page. */
const PAGE = 24;
const RECENT = 6;
const HISTORY_PAGE = 20;

const list = (extra: Record<string, unknown>): Pick<ScaleRead, 'trpc' | 'input' | 'procedure'> => ({
  trpc: 'prediction.list',
  input: () => ({ limit: PAGE, ...extra }),
  procedure: (caller, input) => caller.prediction.list(input as Parameters<Caller['prediction']['list']>[0]),
});

/**
 * The reads, in the order they are measured. The searches (issue 21) find a full page on both
 * databases (seed.ts, SEARCH_WORD); a partial word is served by the same per-user index (migration
 * search_owner_keys).
 */
export const SCALE_READS: ScaleRead[] = [
  { name: BARE, rest: () => '/api/health', input: () => null },
  { name: 'creations list', ...list({}) },
  { name: 'filter: type video', ...list({ type: 'video' }) },
  { name: 'filter: status running', ...list({ status: 'running' }) },
  { name: 'filter: status failed', ...list({ status: 'failed' }) },
  { name: `filter: model ${COMMON_MODEL}`, ...list({ modelId: COMMON_MODEL }) },
  { name: `filter: rare model ${RARE_MODEL}`, ...list({ modelId: RARE_MODEL }) },
  { name: 'next page (cursor)', ...list({}), input: ({ cursor }) => ({ limit: PAGE, cursor }) },
  { name: `search: one word (${SEARCH_WORD})`, ...list({ q: SEARCH_WORD }) },
  { name: `search: part of a word (${SEARCH_WORD.slice(0, 6)})`, ...list({ q: SEARCH_WORD.slice(0, 6) }) },
  { name: 'recent creations', trpc: 'prediction.recent', input: () => ({ limit: RECENT }), procedure: (caller, input) => caller.prediction.recent(input as Parameters<Caller['prediction']['recent']>[0]) },
  { name: 'credit history', trpc: 'credits.history', input: () => ({ limit: HISTORY_PAGE }), procedure: (caller, input) => caller.credits.history(input as Parameters<Caller['credits']['history']>[0]) },
  { name: 'poll: finished generation (prediction.get)', trpc: 'prediction.get', input: ({ finishedId }) => ({ id: finishedId }) },
  { name: POLL_RUNNING, trpc: 'prediction.get', input: ({ runningId }) => ({ id: runningId }) },
  { name: POLL_RUNNING_REST, rest: ({ runningId }) => `/api/unigen/${runningId}`, input: () => null },
];

export type ScaleSide = {
  url: string;
  cookie: string;
  /** Page 1's nextCursor (the "next page" read). */
  cursor: string;
  /** A finished generation of the benchmark user. */
  finishedId: string;
};

export type ScaleFigure = { rps: number; p50: number; p99: number; errors: number; non2xx: number };
export type ScaleReadRow = {
  name: string;
  small: ScaleFigure;
  large: ScaleFigure;
  /** Poll of a running generation: windows whose job was not running before and after them. */
  notRunning?: number;
};

const WARM_UP_S = 1;

export function urlOf(read: ScaleRead, side: ScaleSide, context: ReadContext): string {
  if (read.rest) return `${side.url}${read.rest(context)}`;
  const input = encodeURIComponent(JSON.stringify({ 0: { json: read.input(context) } }));
  return `${side.url}/api/trpc/${read.trpc}?batch=1&input=${input}`;
}

/** One measured window after a warm-up (the list bench, ../lists.ts, measures at 16 connections). */
export async function window(url: string, cookie: string, seconds: number, connections = CONNECTIONS): Promise<ScaleFigure> {
  await autocannon({ url, headers: { cookie }, connections, duration: WARM_UP_S });
  const result = await autocannon({ url, headers: { cookie }, connections, duration: seconds });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

type Poll = { status: string; etaSeconds: number | null };

async function poll(side: ScaleSide, id: string): Promise<Poll> {
  const answer = (await (await fetch(`${side.url}/api/unigen/${id}`, { headers: { cookie: side.cookie } })).json()) as { data: Poll };
  return answer.data;
}

/** A local text-to-video job: it runs for its model's estimate (18 s at the local engine's pace). */
async function submitVideo(side: ScaleSide): Promise<string> {
  const response = await fetch(`${side.url}/api/unigen`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: side.cookie, origin: side.url },
    body: JSON.stringify({ model_id: 'kling-1.6-text-to-video', prompt: 'a lighthouse beam sweeping over night waves' }),
  });
  if (!response.ok) throw new Error(`the video submit answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** A job of this side that is processing with at least `seconds` left, submitting one when needed. */
async function runningFor(side: ScaleSide, current: string | undefined, seconds: number): Promise<string> {
  if (current) {
    const now = await poll(side, current);
    if (now.status === 'processing' && (now.etaSeconds ?? 0) >= seconds) return current;
  }
  const id = await submitVideo(side);
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    const now = await poll(side, id);
    if (now.status === 'processing' && (now.etaSeconds ?? 0) >= seconds) return id;
    if (now.status !== 'pending' && now.status !== 'processing') throw new Error(`the video job ended before it was polled: ${now.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the video job did not start within 60 s');
}

const mean = (figures: ScaleFigure[], pick: (f: ScaleFigure) => number) => figures.reduce((sum, f) => sum + pick(f), 0) / figures.length;
const sum = (figures: ScaleFigure[], pick: (f: ScaleFigure) => number) => figures.reduce((total, f) => total + pick(f), 0);

export function meanOf(figures: ScaleFigure[]): ScaleFigure {
  return {
    rps: Math.round(mean(figures, (f) => f.rps)),
    p50: Math.round(mean(figures, (f) => f.p50)),
    p99: Math.round(mean(figures, (f) => f.p99)),
    errors: sum(figures, (f) => f.errors),
    non2xx: sum(figures, (f) => f.non2xx),
  };
}

export async function measureScaleReads(small: ScaleSide, large: ScaleSide, secondsPerRead: number, rounds: number): Promise<ScaleReadRow[]> {
  const seconds = Math.max(1, secondsPerRead / rounds);
  const figures = new Map<string, { small: ScaleFigure[]; large: ScaleFigure[]; notRunning: number }>();
  const running = new Map<ScaleSide, string | undefined>();
  for (let round = 0; round < rounds; round += 1) {
    for (const read of SCALE_READS) {
      const kept = figures.get(read.name) ?? { small: [], large: [], notRunning: 0 };
      figures.set(read.name, kept);
      const order: Array<['small' | 'large', ScaleSide]> = round % 2 === 0 ? [['small', small], ['large', large]] : [['large', large], ['small', small]];
      for (const [which, side] of order) {
        const pollsRunning = read.name === POLL_RUNNING || read.name === POLL_RUNNING_REST;
        const runningId = pollsRunning ? await runningFor(side, running.get(side), WARM_UP_S + seconds + 3) : undefined;
        running.set(side, runningId ?? running.get(side));
        kept[which].push(await window(urlOf(read, side, { cursor: side.cursor, finishedId: side.finishedId, runningId }), side.cookie, seconds));
        if (runningId && (await poll(side, runningId)).status !== 'processing') kept.notRunning += 1;
      }
    }
  }
  return SCALE_READS.map((read) => {
    const kept = figures.get(read.name)!;
    const row: ScaleReadRow = { name: read.name, small: meanOf(kept.small), large: meanOf(kept.large) };
    return read.name === POLL_RUNNING || read.name === POLL_RUNNING_REST ? { ...row, notRunning: kept.notRunning } : row;
  });
}
