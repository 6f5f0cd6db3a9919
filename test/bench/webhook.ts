/**
 * The Stripe webhook under load: 1,000 signed deliveries over HTTP, 20 at a time (20 kept-alive
 * connections, the same for the warm-up and the measure: fresh connections made each run's first
 * burst of 20 wait up to 100 ms, which is no part of a steady stream of deliveries), a mix of new payments and replays (the same event again, and the same payment
 * under another event id and type), in a fixed shuffled order. Then the books are checked: each
 * payment granted exactly once, and every user's balance equal to their ledger's sum and to what
 * they bought. Deliveries are signed just before the run (as Stripe signs just before sending),
 * and each is written as one prepared buffer (keep-alive-sender.ts), so the load generator takes
 * little of the two cores it shares with the server and PostgreSQL. Besides the timings, the CPU
 * each of the three spends per delivery is read (/proc): figures the machine's load moves little.
 */
import { readdirSync, readFileSync } from 'node:fs';
import Stripe from 'stripe';
import type { Db } from '~/server/db/client';
import { CREDIT_PACKS } from '~/server/services/billing/catalogue';
import { paidPackSession, sdkFor, type FakeStripe } from '../helpers/fake-stripe';
import { httpRequestBytes, KeepAliveSender } from './keep-alive-sender';

export const WEBHOOK_DELIVERIES = 1000;
export const WEBHOOK_CONCURRENCY = 20;
/** New payments among the deliveries; the rest replay them (half the same event, half another id). */
const NEW_PAYMENTS = 600;
const USERS = 50;
/**
 * Unmeasured deliveries of the same mix first (their payments are checked with the rest): 20 were
 * not enough, the first 300 ms of the measure then paid for cold connections, prepared statements
 * and JIT (up to 300 ms a delivery).
 */
const WARM_UP_PAYMENTS = 150;

export type WebhookRow = {
  deliveries: number;
  concurrency: number;
  newPayments: number;
  replays: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 200 (warm-up included); each was delivered again before the books were checked. */
  non200: number;
  /** Payments with more than one grant (must be 0), and with none (must be 0). */
  doubleGrants: number;
  missingGrants: number;
  /** Users whose balance differs from their ledger's sum or from what they bought (must be 0). */
  booksOff: number;
  /** The server's CPU time per measured delivery, when its process can be read (the VM is shared: this does not drift with others' load). */
  serverCpuMsPerDelivery?: number;
  /** PostgreSQL's: the CPU time of the benchmark database's backends per measured delivery (readable when the server runs on this machine). */
  postgresCpuMsPerDelivery?: number;
  /** The load generator's own (this process: sending and reading the answers), which shares the cores with the two above. */
  loadCpuMsPerDelivery?: number;
};

/** A small deterministic generator (mulberry32), so every run delivers in the same order. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `request` (its bytes on the wire) is made before a run, so the measured loop allocates little (the load generator's GC pauses count as latency). */
type Delivery = { payload: string; sessionId: string; request?: Buffer | undefined };

export async function measureWebhook(options: { webhookUrl: string; db: Db; stripe: FakeStripe; serverCpuMs?: () => number }): Promise<WebhookRow> {
  const { webhookUrl, db, stripe } = options;
  const sdk = sdkFor(stripe);
  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => db.user.create({ data: { email: `webhook-bench-${process.pid}-${i}@example.test` }, select: { id: true } })));
  const random = seeded(19);
  const bought = new Map<string, number>();

  async function paidSession(index: number): Promise<{ session: Record<string, unknown>; userId: string }> {
    const user = users[index % USERS]!;
    const pack = CREDIT_PACKS[index % CREDIT_PACKS.length]!;
    const session = await paidPackSession(stripe, sdk, user.id, pack, 'http://bench.test');
    bought.set(user.id, (bought.get(user.id) ?? 0) + pack.credits);
    return { session, userId: user.id };
  }

  const sign = (event: Record<string, unknown>): Delivery => {
    const payload = JSON.stringify(event);
    return { payload, sessionId: String((event.data as { object: { id: string } }).object.id) };
  };

  const payments = [];
  for (let i = 0; i < NEW_PAYMENTS + WARM_UP_PAYMENTS; i += 1) payments.push(await paidSession(i));
  const warmUpFirsts = payments.slice(NEW_PAYMENTS).map(({ session }) => stripe.event('checkout.session.completed', session));
  const warmUp = [...warmUpFirsts, ...warmUpFirsts.slice(0, WARM_UP_PAYMENTS / 2)].map(sign);
  const firsts = payments.slice(0, NEW_PAYMENTS).map(({ session }) => ({ session, event: stripe.event('checkout.session.completed', session) }));
  const deliveries: Delivery[] = firsts.map(({ event }) => sign(event));
  for (let i = 0; deliveries.length < WEBHOOK_DELIVERIES; i += 1) {
    const { session, event } = firsts[Math.floor(random() * firsts.length)]!;
    deliveries.push(sign(i % 2 === 0 ? event : stripe.event('checkout.session.async_payment_succeeded', session)));
  }
  // Fisher–Yates with the seeded generator: replays land before, beside and after their payment.
  for (let i = deliveries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }

  const target = new URL(webhookUrl);
  const signed = (delivery: Delivery) => Stripe.webhooks.generateTestHeaderString({ payload: delivery.payload, secret: stripe.webhookSecret });
  /** The request's bytes, signed now (as Stripe signs each attempt just before sending it). */
  const prepared = (delivery: Delivery): Buffer =>
    httpRequestBytes(target, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(delivery.payload)), 'Stripe-Signature': signed(delivery) }, Buffer.from(delivery.payload));
  // The same kept-alive connections for the warm-up and the measure.
  const connections = await Promise.all(Array.from({ length: WEBHOOK_CONCURRENCY }, () => KeepAliveSender.open(target)));
  const post = async (connection: KeepAliveSender, delivery: Delivery): Promise<{ status: number; ms: number }> => {
    const request = delivery.request ?? prepared(delivery);
    const started = performance.now();
    const { status } = await connection.send(request);
    return { status, ms: performance.now() - started };
  };

  /** Deliveries answered other than 200: Stripe would deliver them again, and so do we before the books are checked. */
  const failed: Delivery[] = [];
  const run = async (list: Delivery[]) => {
    for (const delivery of list) delivery.request ??= prepared(delivery);
    const results: { status: number; ms: number }[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      connections.map(async (_, slot) => {
        while (next < list.length) {
          const delivery = list[(next += 1) - 1]!;
          const result = await post(connections[slot]!, delivery).catch(async () => {
            // The connection broke (node:http's agent would open another): so does this sender.
            connections[slot]!.close();
            connections[slot] = await KeepAliveSender.open(target);
            return { status: 0, ms: Number.NaN };
          });
          if (result.status !== 200) failed.push(delivery);
          results.push(result);
        }
      }),
    );
    return { results, seconds: (performance.now() - started) / 1000 };
  };

  const warmUpRun = await run(warmUp);
  // Signed before the CPU is read: the measured window holds the deliveries only.
  for (const delivery of deliveries) delivery.request = prepared(delivery);
  const postgresBefore = await postgresBackendsCpuMs(db);
  const loadBefore = process.cpuUsage();
  const cpuBefore = options.serverCpuMs?.();
  const measured = await run(deliveries);
  const cpuAfter = options.serverCpuMs?.();
  const load = process.cpuUsage(loadBefore);
  const postgresAfter = await postgresBackendsCpuMs(db);
  for (const connection of connections) connection.close();
  for (const delivery of failed) {
    // Signed again, as Stripe signs each attempt, on a connection of its own (the one it failed on may be gone).
    delivery.request = undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const connection = await KeepAliveSender.open(target);
      const { status } = await post(connection, delivery).catch(() => ({ status: 0 }));
      connection.close();
      if (status === 200) break;
    }
  }

  const grants = await db.creditLedgerEntry.groupBy({ by: ['providerObjectId'], where: { reason: 'purchase_grant', userId: { in: users.map((u) => u.id) } }, _count: { _all: true } });
  const grantCount = new Map(grants.map((g) => [g.providerObjectId, g._count._all]));
  const sessionIds = payments.map(({ session }) => String(session.id));
  let booksOff = 0;
  for (const user of users) {
    const [row, sum] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { id: user.id }, select: { credits: true } }),
      db.creditLedgerEntry.aggregate({ where: { userId: user.id }, _sum: { amount: true } }),
    ]);
    if (row.credits !== (sum._sum.amount ?? 0) || row.credits !== (bought.get(user.id) ?? 0)) booksOff += 1;
  }
  const round = (v: number) => Math.round(v * 10) / 10;
  const answered = measured.results.length;
  const latencies = measured.results.map((r) => r.ms).filter((ms) => Number.isFinite(ms)).sort((a, b) => a - b);
  const percentile = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!);
  const not200 = (results: { status: number }[]) => results.filter((r) => r.status !== 200).length;
  return {
    deliveries: answered,
    concurrency: WEBHOOK_CONCURRENCY,
    newPayments: NEW_PAYMENTS,
    replays: WEBHOOK_DELIVERIES - NEW_PAYMENTS,
    rps: Math.round(answered / measured.seconds),
    p50: percentile(50),
    p99: percentile(99),
    max: round(latencies.at(-1)!),
    non200: not200(measured.results) + not200(warmUpRun.results),
    doubleGrants: sessionIds.filter((id) => (grantCount.get(id) ?? 0) > 1).length,
    missingGrants: sessionIds.filter((id) => (grantCount.get(id) ?? 0) === 0).length,
    booksOff,
    ...(cpuBefore !== undefined && cpuAfter !== undefined ? { serverCpuMsPerDelivery: round((cpuAfter - cpuBefore) / answered) } : {}),
    ...(postgresBefore && postgresAfter ? { postgresCpuMsPerDelivery: round(cpuSpent(postgresBefore, postgresAfter) / answered) } : {}),
    loadCpuMsPerDelivery: round((load.user + load.system) / 1000 / answered),
  };
}

/**
 * The CPU milliseconds of each backend of the benchmark's database so far, by pid (null when the
 * server's processes cannot be read here: another machine or container). The benchmark's own pool
 * is idle while deliveries are measured, so what moves is the webhook server's connections.
 */
async function postgresBackendsCpuMs(db: Db): Promise<Map<number, number> | null> {
  const backends = await db.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
  const spent = new Map<number, number>();
  for (const { pid } of backends) {
    try {
      spent.set(pid, processCpuMs(pid));
    } catch {
      // Not on this machine (or gone already): nothing to read.
    }
  }
  return spent.size > 0 ? spent : null;
}

/** CPU spent between two readings; a backend that connected in between counts from its start. */
function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The fields of /proc/<pid>/stat after the command's ")" (the command itself may hold spaces). */
function statFields(pid: number | string): string[] {
  const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return line.slice(line.lastIndexOf(') ') + 2).split(' ');
}

/** CPU milliseconds a process has used so far (Linux /proc; clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command's ")".
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The same for every process of a process group (the studio's server and whatever it forks). */
export function processGroupCpuMs(groupId: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      // The group id is field 5 of the whole line, 3 after the ")".
      if (Number(fields[2]) === groupId) total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // Ended while the list was read.
    }
  }
  return total;
}

export function describeWebhook(row: WebhookRow): string {
  return [
    '| Stripe webhook | deliveries | new / replays | concurrency | req/s | p50 ms | p99 ms | max ms | CPU ms / delivery: server | PostgreSQL | load generator | non-200 | double grants | missing grants | books off |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| POST /api/webhooks/stripe | ${row.deliveries} | ${row.newPayments} / ${row.replays} | ${row.concurrency} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.max} | ${row.serverCpuMsPerDelivery ?? '–'} | ${row.postgresCpuMsPerDelivery ?? '–'} | ${row.loadCpuMsPerDelivery ?? '–'} | ${row.non200} | ${row.doubleGrants} | ${row.missingGrants} | ${row.booksOff} |`,
  ].join('\n');
}
