/**
 * The production server's cold start and its memory: `npm start` (server.mjs on the build) from the
 * spawn to its first answer, then the server process's resident memory once it answers, and again
 * after a signed-in poll and a submit have loaded the API's routes. Fresh database and fresh
 * process each round; the median of the rounds is reported.
 */
import { readFileSync } from 'node:fs';
import { createDb } from '~/server/db/client';
import { getTestDatabase } from '../helpers/database';
import { startApp } from '../e2e/helpers/app-server';
import { premiumBenchUser } from './bench-user';
import { median } from './median';

export type ColdStart = { rounds: number; firstAnswerMs: number; rssAfterStartMb: number; rssAfterApiMb: number };

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function oneRound(secret: string): Promise<{ firstAnswerMs: number; rssAfterStartMb: number; rssAfterApiMb: number }> {
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 2 });
  const spawned = performance.now();
  // startApp resolves once the server answers (system.status through Next).
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: secret, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on' });
  const firstAnswerMs = performance.now() - spawned;
  try {
    const rssAfterStartMb = residentMb(app.pid);
    const { cookie } = await premiumBenchUser(db, secret);
    const submit = await fetch(`${app.url}/api/unigen`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: app.url }, body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'cold start' }) });
    const id = ((await submit.json()) as { data: { id: string } }).data.id;
    await (await fetch(`${app.url}/api/unigen/${id}`, { headers: { cookie } })).arrayBuffer();
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { id } } }));
    await (await fetch(`${app.url}/api/trpc/prediction.get?batch=1&input=${input}`, { headers: { cookie } })).arrayBuffer();
    return { firstAnswerMs, rssAfterStartMb, rssAfterApiMb: residentMb(app.pid) };
  } finally {
    await app.stop();
    await db.$disconnect();
    await database.stop();
  }
}

export async function measureColdStart(secret: string, rounds = 3): Promise<ColdStart> {
  const runs = [];
  for (let i = 0; i < rounds; i += 1) runs.push(await oneRound(secret));
  return {
    rounds,
    firstAnswerMs: median(runs.map((r) => r.firstAnswerMs)),
    rssAfterStartMb: median(runs.map((r) => r.rssAfterStartMb)),
    rssAfterApiMb: median(runs.map((r) => r.rssAfterApiMb)),
  };
}

export function describeColdStart(start: ColdStart): string {
  return [
    `Cold start of npm start (median of ${start.rounds} fresh processes on fresh databases):`,
    `  spawn to first answer: ${Math.round(start.firstAnswerMs)} ms (goal < 3,000 ms)`,
    `  server memory (RSS) once answering: ${start.rssAfterStartMb.toFixed(0)} MB; after a submit and two polls: ${start.rssAfterApiMb.toFixed(0)} MB`,
  ].join('\n');
}
