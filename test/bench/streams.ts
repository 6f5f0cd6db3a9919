/**
 * `npm run bench -- --only=streams` (issue 40 item 2): ten thousand open prediction.onUpdate
 * streams on one studio (the production build, as `npm start` runs it), spread over 500 users.
 *
 * - Memory: the server process's resident memory before the streams and with all of them open
 *   (each a connection of its own, opened 200 at a time; the pushed users' by the bench, the rest
 *   by a process of their own, stream-holder.ts), divided by the streams.
 * - Refused: streams whose answer was not a 200 with tRPC's `connected` event.
 * - Push: with every stream open, a local FLUX job of one of the users, from the moment its row
 *   says it completed to the moment its final status arrives on each of that user's streams (the
 *   last of them), for several jobs one after another.
 * - The poll (a finished generation's prediction.get, 16 connections) before the streams and with
 *   them open, in windows; its p99 with them against without.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { encode } from 'next-auth/jwt';
import { createDb } from '~/server/db/client';
import { getTestDatabase } from '../helpers/database';
import { startApp } from '../e2e/helpers/app-server';
import { window } from './scale/reads';
import { median } from './median';
import { holdStreams, openStream, type Held, type OpenStream } from './stream-holder';

export const STREAMS = 10_000;
export const STREAM_USERS = 500;
const OPEN_AT_ONCE = 200;
const PUSHES = 5;
const POLL_CONNECTIONS = 16;
const POLL_WINDOWS = 3;

/** Issue 40's goals. */
export const STREAM_TARGETS = { bytesPerStream: 40 * 1024, pushMs: 100, pollP99Ratio: 1.5 };

export type StreamsRun = {
  at: string;
  commit: string;
  loadBefore: number;
  streams: number;
  users: number;
  opened: number;
  refused: number;
  rssBeforeMb: number;
  rssOpenMb: number;
  bytesPerStream: number;
  /** Completion → final status on the last of the user's streams, ms, each job. */
  pushMs: number[];
  pollP99Without: number;
  pollP99With: number;
  pollRpsWithout: number;
  pollRpsWith: number;
};

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function pollWindows(url: string, cookie: string, seconds: number): Promise<{ p99: number; rps: number }> {
  const figures = [];
  for (let i = 0; i < POLL_WINDOWS; i += 1) figures.push(await window(url, cookie, seconds, POLL_CONNECTIONS));
  return { p99: median(figures.map((f) => f.p99)), rps: median(figures.map((f) => f.rps)) };
}

export async function measureStreams(options: { secret: string; commit: string; secondsPerWindow: number; profile: string[] }): Promise<StreamsRun> {
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 3 });
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: options.secret, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on' }, options.profile);
  const streams: OpenStream[] = [];
  let held: Held | undefined;
  try {
    await db.user.createMany({ data: Array.from({ length: STREAM_USERS }, (_, i) => ({ email: `stream-${i}@example.test`, premium: true, credits: 1_000_000 })) });
    const users = await db.user.findMany({ where: { email: { startsWith: 'stream-' } }, orderBy: { email: 'asc' }, select: { id: true, email: true } });
    const cookies = await Promise.all(users.map(async (user) => `next-auth.session-token=${await encode({ token: { sub: user.id, email: user.email }, secret: options.secret })}`));
    const submit = async (cookie: string) => {
      const response = await fetch(`${app.url}/api/unigen`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: app.url }, body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'a lighthouse at dusk' }) });
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    const finished = async (id: string) => {
      for (;;) {
        const row = await db.generation.findUniqueOrThrow({ where: { id }, select: { status: true, completedAt: true } });
        if (row.completedAt) return row.completedAt;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    // A finished generation to poll, and every code path warmed (a stream opened and dropped).
    const seedId = await submit(cookies[0]!);
    await finished(seedId);
    const streamUrl = `${app.url}/api/trpc/prediction.onUpdate`;
    (await openStream(streamUrl, cookies[0]!))?.request.destroy();
    const pollUrl = `${app.url}/api/trpc/prediction.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { id: seedId } } }))}`;
    const loadBefore = loadavg()[0] ?? 0;
    const without = await pollWindows(pollUrl, cookies[0]!, options.secondsPerWindow);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssBefore = rssBytes(app.pid);

    // The pushed users' streams are the bench's own (it times their arrivals); every other user's
    // are held by a process of their own (stream-holder.ts), so the bench's GC is not the server's.
    const watched = new Set(Array.from({ length: PUSHES }, (_, k) => k + 1));
    const perUser = STREAMS / STREAM_USERS;
    let refused = 0;
    for (const k of watched) {
      for (let i = 0; i < perUser; i += 1) {
        const stream = await openStream(streamUrl, cookies[k]!);
        if (stream) streams.push(stream);
        else refused += 1;
      }
    }
    held = await holdStreams({ url: streamUrl, cookies: cookies.filter((_, index) => !watched.has(index)), count: STREAMS - watched.size * perUser, atOnce: OPEN_AT_ONCE });
    refused += held.refused;
    const opened = streams.length + held.opened;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rssOpen = rssBytes(app.pid);

    const pushMs: number[] = [];
    for (const k of watched) {
      const mine = streams.filter((_, index) => Math.floor(index / perUser) === k - 1);
      const id = await submit(cookies[k]!);
      const arrivals = mine.map(
        (stream) =>
          new Promise<number>((resolve) => {
            const check = () => {
              if (stream.text().includes(`"id":"${id}","status":"succeeded"`) || stream.text().includes(`"id":"${id}","status":"failed"`)) resolve(Date.now());
            };
            stream.onData(check);
            check();
          }),
      );
      const completedAt = await finished(id);
      const last = Math.max(...(await Promise.all(arrivals)));
      pushMs.push(last - completedAt.getTime());
    }

    const withStreams = await pollWindows(pollUrl, cookies[0]!, options.secondsPerWindow);
    return {
      at: new Date().toISOString(),
      commit: options.commit,
      loadBefore,
      streams: STREAMS,
      users: STREAM_USERS,
      opened,
      refused,
      rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
      rssOpenMb: Math.round(rssOpen / 1024 / 1024),
      bytesPerStream: Math.round((rssOpen - rssBefore) / Math.max(1, opened)),
      pushMs,
      pollP99Without: without.p99,
      pollP99With: withStreams.p99,
      pollRpsWithout: Math.round(without.rps),
      pollRpsWith: Math.round(withStreams.rps),
    };
  } finally {
    for (const stream of streams) stream.request.destroy();
    held?.stop();
    await app.stop();
    await db.$disconnect();
    await database.stop();
  }
}

export function describeStreams(run: StreamsRun): string {
  return [
    `Open streams (${run.streams.toLocaleString('en')} prediction.onUpdate over ${run.users} users, load before ${run.loadBefore.toFixed(2)})`,
    `opened ${run.opened}, refused ${run.refused}`,
    `server RSS ${run.rssBeforeMb} MB → ${run.rssOpenMb} MB: ${(run.bytesPerStream / 1024).toFixed(1)} kB a stream (goal ≤ ${STREAM_TARGETS.bytesPerStream / 1024} kB)`,
    `completion → final status on the user's last stream: ${run.pushMs.map((ms) => `${ms} ms`).join(', ')} (goal ≤ ${STREAM_TARGETS.pushMs} ms)`,
    `poll (prediction.get, ${POLL_CONNECTIONS} connections): p99 ${run.pollP99Without} ms without streams, ${run.pollP99With} ms with them (${(run.pollP99With / Math.max(1, run.pollP99Without)).toFixed(2)}×, goal ≤ ${STREAM_TARGETS.pollP99Ratio}×); ${run.pollRpsWithout} → ${run.pollRpsWith} req/s`,
  ].join('\n');
}

function cell(values: number[], digits: number): string {
  if (values.length === 0) return '–';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? low.toFixed(digits) : `${median(values).toFixed(digits)} (${low.toFixed(digits)}–${high.toFixed(digits)})`;
}

/** BENCHMARKS.md's section over the recorded runs: each cell the median of the runs, lowest and highest in brackets. */
export function renderStreams(runs: StreamsRun[]): string[] {
  if (runs.length === 0) return [];
  const commits = [...new Set(runs.map((r) => r.commit))].join(', ');
  const dates = [...new Set(runs.map((r) => r.at.slice(0, 10)))].join(', ');
  return [
    `### Open streams (\`npm run bench -- --only=streams\`)`,
    '',
    `${runs.length} run${runs.length > 1 ? 's' : ''} of commit ${commits} (${dates}): ${runs[0]!.streams.toLocaleString('en')} prediction.onUpdate streams on one studio over ${runs[0]!.users} users, each its own connection. Load average before each run: ${runs.map((r) => r.loadBefore.toFixed(1)).join(', ')}.`,
    '',
    '| Figure | Runs | Target |',
    '|---|---:|---:|',
    `| streams opened | ${cell(runs.map((r) => r.opened), 0)} | ${runs[0]!.streams} |`,
    `| streams refused | ${cell(runs.map((r) => r.refused), 0)} | 0 |`,
    `| server RSS before, MB | ${cell(runs.map((r) => r.rssBeforeMb), 0)} |  |`,
    `| server RSS with every stream open, MB | ${cell(runs.map((r) => r.rssOpenMb), 0)} |  |`,
    `| server memory a stream, kB | ${cell(runs.map((r) => r.bytesPerStream / 1024), 1)} | ≤ ${STREAM_TARGETS.bytesPerStream / 1024} |`,
    `| completion → final status on the user's last stream, ms (the slowest of ${PUSHES} jobs a run) | ${cell(runs.map((r) => Math.max(...r.pushMs)), 0)} | ≤ ${STREAM_TARGETS.pushMs} |`,
    `| poll p99 ms, no streams | ${cell(runs.map((r) => r.pollP99Without), 0)} |  |`,
    `| poll p99 ms, every stream open | ${cell(runs.map((r) => r.pollP99With), 0)} |  |`,
    `| poll p99 with ÷ without | ${cell(runs.map((r) => r.pollP99With / Math.max(1, r.pollP99Without)), 2)} | ≤ ${STREAM_TARGETS.pollP99Ratio.toFixed(2)} |`,
    `| poll req/s, no streams → every stream open | ${cell(runs.map((r) => r.pollRpsWithout), 0)} → ${cell(runs.map((r) => r.pollRpsWith), 0)} |  |`,
    '',
  ];
}
