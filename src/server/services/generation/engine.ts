/**
 * The engine's heartbeat in this process: precise timers for jobs whose queue wait ends, and a
 * periodic round that dispatches anything due, reconciles running jobs and expires stuck ones.
 * Everything it does is also safe when several instances run it against one database.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import { claimDueGenerations, dispatchGeneration } from './dispatch';
import { claimStaleRunning, expireStuckQueued, reconcileGeneration } from './reconcile';
import { isRunning } from './statuses';

type EngineState = {
  db?: Db;
  interval?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
  timers?: Set<ReturnType<typeof setTimeout>>;
  /** Jobs whose timer fired, waiting for a dispatch slot. */
  due?: { db: Db; id: string }[];
  /** Dispatches started by timers and not finished yet (a clean stop waits for them). */
  inflight?: Set<Promise<unknown>>;
};
const holder = globalThis as unknown as { studioEngine?: EngineState };
const state = (holder.studioEngine ??= {});

/**
 * Timer-fired dispatches that run at once. Each takes a handful of statements and a provider call;
 * a burst of submits becomes a burst of due jobs one queue wait later, and unbounded they take every
 * database connection from the requests (the API stalls for seconds; BENCHMARKS.md, 'The submit').
 * The rest wait their turn, still queued in the database, where the periodic round (or another
 * instance) may take them first.
 */
export const DISPATCH_CONCURRENCY = 4;

export function scheduleDispatch(db: Db, id: string, at: Date): void {
  // Timers may fire a millisecond early; a small margin keeps the claim's "due" check true.
  const delay = Math.max(0, at.getTime() - Date.now()) + 10;
  const timers = (state.timers ??= new Set());
  const timer = setTimeout(() => {
    timers.delete(timer);
    (state.due ??= []).push({ db, id });
    startDueDispatches();
  }, delay);
  timers.add(timer);
  timer.unref?.();
}

/**
 * A fired timer says a job is due, not that it goes next: each one claims the next job in turn
 * (claimDueGenerations: round-robin across users, within the concurrency limits), which may be
 * another user's. A job past a limit is taken later by a timer or the periodic round.
 */
function startDueDispatches(): void {
  const inflight = (state.inflight ??= new Set());
  const due = (state.due ??= []);
  while (inflight.size < DISPATCH_CONCURRENCY && due.length > 0) {
    const { db, id } = due.shift()!;
    const work: Promise<unknown> = claimDueGenerations(db, 1)
      .then(([next]) => (next ? dispatchGeneration(db, next, { alreadyClaimed: true }) : null))
      .catch((error: unknown) => console.error(`[engine] dispatch on ${id}'s turn:`, error))
      .finally(() => {
        inflight.delete(work);
        startDueDispatches();
      });
    inflight.add(work);
  }
}

const DISPATCH_PER_ROUND = 10;
/** Running jobs checked in one round. */
const STALE_PER_ROUND = 10;

/** Runs `work` on each item, at most `concurrency` at a time (the rest wait for a free slot). */
async function eachAtMost<T>(concurrency: number, next: () => Promise<T | undefined>, work: (item: T) => Promise<unknown>): Promise<void> {
  const lane = async (): Promise<void> => {
    for (let item = await next(); item !== undefined; item = await next()) await work(item);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

/**
 * One round: dispatch due jobs, poll stale running ones, expire stuck queued ones. Each part works
 * DISPATCH_CONCURRENCY jobs at a time: a round is how an instance takes over the work of one that
 * stopped (its queued jobs, its running ones), and one job after another, a provider's answer time
 * each, made a burst of them wait seconds.
 */
export async function runEngineOnce(db: Db): Promise<{ more: boolean }> {
  // Expire first: a job that waited past its limit (e.g. across downtime) is refunded, not sent.
  await expireStuckQueued(db);
  // One claim right before each job's work: a batch claimed up front could lapse while the first
  // jobs are sent, and another instance would then send the rest a second time.
  let budget = DISPATCH_PER_ROUND;
  let dueLeft = true;
  const claimOne = async (): Promise<string | undefined> => {
    if (budget <= 0 || !dueLeft) return undefined;
    budget -= 1;
    const [id] = await claimDueGenerations(db, 1);
    if (!id) dueLeft = false;
    return id;
  };
  // Claims one after another (the dispatches they lead to still run side by side): the claimers
  // take turns on one lock anyway, and a round with nothing due then asks once, not once per lane.
  let claiming: Promise<unknown> = Promise.resolve();
  const claimNext = (): Promise<string | undefined> => {
    const claim = claiming.then(claimOne);
    claiming = claim.catch(() => undefined);
    return claim;
  };
  await eachAtMost(DISPATCH_CONCURRENCY, claimNext, (id) => dispatchGeneration(db, id, { alreadyClaimed: true }));
  const stale = await claimStaleRunning(db, STALE_PER_ROUND);
  const staleFound = stale.length;
  await eachAtMost(DISPATCH_CONCURRENCY, async () => stale.shift(), (claim) => reconcileGeneration(db, claim.id, claim.claimedUntil));
  // A full budget of either kind may have left more behind it (a burst, another instance's work).
  return { more: dueLeft || staleFound === STALE_PER_ROUND };
}

export function engineTickMs(): number {
  return Math.max(100, Math.min(1000, scaledMs(1)));
}

/**
 * Rounds back to back while one finds more than its budget, so a backlog (the jobs of an instance
 * that stopped, a burst) is worked through at the engine's pace rather than ten jobs a tick; a stop
 * ends it between rounds.
 */
async function roundsWhileMore(db: Db): Promise<void> {
  while (state.interval && (await runEngineOnce(db)).more);
}

/** Starts the periodic round once per process (idempotent; the timer does not keep Node alive). */
export function ensureEngineStarted(db: Db): void {
  if (state.interval && state.db === db) return;
  if (state.interval) clearInterval(state.interval);
  state.db = db;
  state.interval = setInterval(() => {
    if (state.running) return;
    state.running = roundsWhileMore(db)
      .catch((error: unknown) => console.error('[engine] round failed:', error instanceof Error ? error.message : error))
      .finally(() => {
        state.running = undefined;
      });
  }, engineTickMs());
  state.interval.unref?.();
}

/** Stops the heartbeat and pending timers, and waits for work already started to finish. */
export async function stopEngine(): Promise<void> {
  // Unset first: a run of back-to-back rounds (roundsWhileMore) ends after the round at work.
  const interval = state.interval;
  state.interval = undefined;
  if (interval) clearInterval(interval);
  for (const timer of state.timers ?? []) clearTimeout(timer);
  state.timers?.clear();
  // Still queued in the database: the next start's round sends them.
  state.due = [];
  await Promise.allSettled([...(state.inflight ?? []), ...(state.running ? [state.running] : [])]);
  state.interval = undefined;
  state.db = undefined;
}


/**
 * Synchronous models answer in the same request: wait out the queue, dispatch, and poll until the
 * generation ends (or its deadline passes, which fails and refunds it).
 */
export async function runToCompletion(db: Db, id: string): Promise<void> {
  for (;;) {
    const row = await db.generation.findUnique({ where: { id } });
    if (!row || !isRunning(row.status)) return;
    const now = Date.now();
    if (row.status === 'queued') {
      if (row.dispatchAt.getTime() > now) {
        await sleep(row.dispatchAt.getTime() - now);
        continue;
      }
      if (!(await dispatchGeneration(db, id))) await sleep(engineTickMs());
      continue;
    }
    await reconcileGeneration(db, id, null);
    const after = await db.generation.findUnique({ where: { id }, select: { status: true } });
    if (!after || !isRunning(after.status)) return;
    await sleep(Math.max(50, Math.min(1000, scaledMs(0.5))));
  }
}
