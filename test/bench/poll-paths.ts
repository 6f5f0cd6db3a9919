/**
 * What the poll's own route buys (issue 20 §2): the same poll answered by /api/trpc/prediction.get
 * (src/server/http/prediction-poll-route.ts: batched, as the browser sends it) and by tRPC's public
 * adapter (the same procedure, unbatched: the poll's route hands every request that is not one
 * batched query to the tRPC route), next to the bare route and the REST poll (the legacy adapter
 * through tRPC's server-side caller), in interleaved rounds on one server. Done for a finished
 * generation (its answer is cached and frozen) and a running one (a local video job, checked to be
 * processing before and after each window). A fast path stays only if it buys ≥ 1.3×.
 */
import autocannon from 'autocannon';
import { CONNECTIONS } from './api';

export type PollPathRow = { name: string; rps: number; p50: number; p99: number; failed: number };

const WARM_UP_S = 1;
const ROUNDS = 3;

async function window(url: string, cookie: string, seconds: number): Promise<PollPathRow> {
  await autocannon({ url, headers: { cookie }, connections: CONNECTIONS, duration: WARM_UP_S });
  const result = await autocannon({ url, headers: { cookie }, connections: CONNECTIONS, duration: seconds });
  return { name: url, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.timeouts + result.non2xx };
}

type Poll = { status: string; etaSeconds: number | null };

async function poll(baseUrl: string, cookie: string, id: string): Promise<Poll> {
  return ((await (await fetch(`${baseUrl}/api/unigen/${id}`, { headers: { cookie } })).json()) as { data: Poll }).data;
}

/** A local text-to-video job processing with at least `seconds` left (a new one when the last has too little). */
async function runningJob(baseUrl: string, cookie: string, current: string | undefined, seconds: number): Promise<string> {
  if (current) {
    const now = await poll(baseUrl, cookie, current);
    if (now.status === 'processing' && (now.etaSeconds ?? 0) >= seconds) return current;
  }
  const response = await fetch(`${baseUrl}/api/unigen`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify({ model_id: 'kling-1.6-text-to-video', prompt: 'a lighthouse beam sweeping over night waves' }),
  });
  if (!response.ok) throw new Error(`the video submit answered ${response.status}: ${await response.text()}`);
  const id = ((await response.json()) as { data: { id: string } }).data.id;
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    const now = await poll(baseUrl, cookie, id);
    if (now.status === 'processing' && (now.etaSeconds ?? 0) >= seconds) return id;
    if (now.status !== 'pending' && now.status !== 'processing') throw new Error(`the video job ended before it was polled: ${now.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the video job did not start within 60 s');
}

const batched = (id: string) => `/api/trpc/prediction.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { id } } }))}`;
const unbatched = (id: string) => `/api/trpc/prediction.get?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`;

const PATHS: Array<[string, (id: string) => string]> = [
  ['bare route (GET /api/health)', () => '/api/health'],
  ['poll route (prediction.get, batched)', batched],
  ['tRPC adapter (prediction.get, unbatched)', unbatched],
  ['REST poll (GET /api/unigen/{id}, createCaller)', (id) => `/api/unigen/${id}`],
];

function meanRow(name: string, rows: PollPathRow[]): PollPathRow {
  const mean = (pick: (row: PollPathRow) => number) => Math.round(rows.reduce((sum, row) => sum + pick(row), 0) / rows.length);
  return { name, rps: mean((r) => r.rps), p50: mean((r) => r.p50), p99: mean((r) => r.p99), failed: rows.reduce((sum, row) => sum + row.failed, 0) };
}

/** Each path for a finished and a running generation; `windowS` seconds per window, ROUNDS rounds. */
export async function measurePollPaths(baseUrl: string, cookie: string, finishedId: string, windowS: number): Promise<{ finished: PollPathRow[]; running: PollPathRow[]; notRunning: number }> {
  const finished: PollPathRow[][] = PATHS.map(() => []);
  const running: PollPathRow[][] = PATHS.map(() => []);
  let runningId: string | undefined;
  let notRunning = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, [, path]] of PATHS.entries()) finished[index]!.push(await window(`${baseUrl}${path(finishedId)}`, cookie, windowS));
    for (const [index, [, path]] of PATHS.entries()) {
      runningId = await runningJob(baseUrl, cookie, runningId, windowS + WARM_UP_S + 3);
      running[index]!.push(await window(`${baseUrl}${path(runningId)}`, cookie, windowS));
      if ((await poll(baseUrl, cookie, runningId)).status !== 'processing') notRunning += 1;
    }
  }
  return {
    finished: PATHS.map(([name], index) => meanRow(name, finished[index]!)),
    running: PATHS.map(([name], index) => meanRow(name, running[index]!)),
    notRunning,
  };
}

export function describePollPaths(result: Awaited<ReturnType<typeof measurePollPaths>>): string {
  const table = (title: string, rows: PollPathRow[]) => {
    const bare = rows[0]!.rps;
    const route = rows[1]!.rps;
    const adapter = rows[2]!.rps;
    return [
      `### ${title}`,
      '| Path | req/s | ÷ bare | p50 ms | p99 ms | failed |',
      '|---|---|---|---|---|---|',
      ...rows.map((row) => `| ${row.name} | ${row.rps} | ${(row.rps / bare).toFixed(2)} | ${row.p50} | ${row.p99} | ${row.failed} |`),
      `poll route ÷ tRPC adapter: ${(route / adapter).toFixed(2)}×`,
    ].join('\n');
  };
  return [table('Finished generation', result.finished), '', table('Running generation', result.running), `windows whose job was not running after them: ${result.notRunning}`].join('\n');
}
