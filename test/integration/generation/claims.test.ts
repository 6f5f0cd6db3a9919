/**
 * Issue 11 item 21: claims are short and renewed. When an instance dies (kill -9: its claims are
 * simply never renewed again), another instance takes its jobs over within 15 s; while an instance
 * lives, however long the provider takes, nobody steals its claim (no job sent or polled twice).
 * "Instance A" and "instance B" are the engine's own claim and round functions on one database;
 * Replicate is the loopback fake driven through the real SDK.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReplicateProvider } from '~/server/providers';
import { CLAIM_SECONDS } from '~/server/services/generation/claims';
import { claimDueGenerations } from '~/server/services/generation/dispatch';
import { DISPATCH_CONCURRENCY, runEngineOnce } from '~/server/services/generation/engine';
import { setProviderOverrideForTests } from '~/server/services/generation/provider-registry';
import { claimStaleRunning, reconcileGeneration } from '~/server/services/generation/reconcile';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { pollUntil, WAIT_MS } from '@test/helpers/poll';
import { startStudio, waitForGeneration, type Studio } from '@test/helpers/studio';

const TAKEOVER_LIMIT_MS = 15_000;
/** How often "instance B" runs its round or tries to claim: its work, not a wait for a state. */
const ROUND_MS = 250;
/** Longer than any wait here: the provider holds a request until the test drops its connection. */
const PROVIDER_TIMEOUT_MS = 120_000;

let replicate: FakeReplicate;
let studio: Studio;

beforeAll(async () => {
  replicate = await startFakeReplicate();
  studio = await startStudio({ env: { REPLICATE_API_TOKEN: replicate.token, REPLICATE_BASE_URL: replicate.baseUrl } });
});

afterAll(async () => {
  await studio?.stop();
  await replicate?.close();
});

beforeEach(() => {
  replicate.reset();
  setProviderOverrideForTests(null);
});

afterEach(async () => {
  // Each case starts with no running job left over from the one before.
  await studio.db.generation.updateMany({ where: { status: { in: ['queued', 'starting', 'processing'] } }, data: { status: 'canceled', claimedUntil: null } });
});

/**
 * Instance B's attempts (`attempt` asserts that each gets nothing) until a claim taken at
 * `claimedUntil` would have lapsed and one more round has run: what B sees while A's work outlasts
 * one claim.
 */
async function claimsUntilPast(claimedUntil: Date, attempt: () => Promise<void>): Promise<void> {
  const lapsed = claimedUntil.getTime() + ROUND_MS;
  const attemptAt = async () => {
    await attempt();
    return Date.now();
  };
  await pollUntil(attemptAt, (now) => now > lapsed, 'the claim to outlast its first term', { timeoutMs: CLAIM_SECONDS * 1000 + WAIT_MS, intervalMs: ROUND_MS });
}

const pollsOf = (jobId: string) => replicate.requests.filter((r) => r.method === 'GET' && r.path === `/v1/predictions/${jobId}`).length;

/** A premium user's FLUX schnell job, sent to Replicate by this process and left running there. */
async function runningJob(prompt: string) {
  replicate.script('black-forest-labs/flux-schnell', { never: true });
  const user = await studio.createUser({ credits: 10, premium: true });
  const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt });
  const row = await waitForGeneration(studio.db, submitted.id, ['starting', 'processing']);
  // A model with a long time limit (the time scale shrinks it), so only claims decide who polls;
  // checked longer ago than the polling interval, so any instance's next round wants to check it.
  await studio.db.generation.update({ where: { id: row.id }, data: { deadlineAt: new Date(Date.now() + 120_000), lastCheckedAt: new Date(Date.now() - 3_600_000) } });
  return { user, id: row.id, jobId: row.providerJobId! };
}

describe('an instance that dies', () => {
  it('has its claimed running job checked by another instance within 15 s, and not before its claim lapses', async () => {
    const { id, jobId } = await runningJob('dead owner');
    // Instance A claims the job for its round, then is killed: nothing of it runs any more.
    const claimed = await claimStaleRunning(studio.db);
    expect(claimed.map((c) => c.id)).toEqual([id]);
    const diedAt = Date.now();
    const polledBefore = pollsOf(jobId);
    // Instance B runs its ordinary rounds until one of them checks the job.
    const instanceBRound = async () => {
      await runEngineOnce(studio.db);
      return pollsOf(jobId);
    };
    await pollUntil(instanceBRound, (polls) => polls > polledBefore, 'instance B to check the job', { timeoutMs: TAKEOVER_LIMIT_MS + 2_000, intervalMs: ROUND_MS });
    const takenOverAfterMs = Date.now() - diedAt;
    expect(takenOverAfterMs).toBeLessThan(TAKEOVER_LIMIT_MS);
    // A's claim was respected while it could still have been alive.
    expect(takenOverAfterMs).toBeGreaterThanOrEqual(CLAIM_SECONDS * 1000 - 1_000);
  });
});

describe('an instance that lives', () => {
  it('keeps its claim while the provider takes longer than a claim to accept a job: nobody sends it twice', async () => {
    // A provider that holds the create until the test breaks the connection (no retry, so the test ends).
    setProviderOverrideForTests({ replicate: createReplicateProvider({ token: replicate.token, baseUrl: replicate.baseUrl, timeoutMs: PROVIDER_TIMEOUT_MS, retry: { attempts: 1 } }) });
    replicate.fault('create', { hang: true });
    const user = await studio.createUser({ credits: 10, premium: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'slow accept' });
    // Instance A (this process's dispatch timer) is now waiting on the provider, claim held.
    await pollUntil(() => replicate.createRequests().length, (creates) => creates > 0, 'the create at Replicate');
    expect(replicate.createRequests()).toHaveLength(1);
    // A model with a long time limit (the time scale shrinks it), so only claims decide who sends it.
    const { claimedUntil } = await studio.db.generation.update({ where: { id: submitted.id }, data: { deadlineAt: new Date(Date.now() + 120_000) } });
    // Instance B's claim on due jobs never gets it, until past the moment A's claim would lapse unrenewed.
    await claimsUntilPast(claimedUntil!, async () => expect(await claimDueGenerations(studio.db)).toEqual([]));
    expect(replicate.dropHung()).toBe(1);
    const row = await waitForGeneration(studio.db, submitted.id, ['failed']);
    expect(row.error).toBe('The model provider is unavailable right now. Your credits have been refunded.');
    expect(replicate.createRequests()).toHaveLength(1);
    expect(await studio.balance(user)).toBe(10);
  });

  it('keeps its claim while the provider takes longer than a claim to answer a poll', async () => {
    const { id, jobId } = await runningJob('slow poll');
    setProviderOverrideForTests({ replicate: createReplicateProvider({ token: replicate.token, baseUrl: replicate.baseUrl, timeoutMs: PROVIDER_TIMEOUT_MS, retry: { attempts: 1 } }) });
    replicate.fault('get', { hang: true });
    const [claim] = await claimStaleRunning(studio.db);
    expect(claim?.id).toBe(id);
    // Instance A polls; the provider does not answer for longer than a claim lasts.
    const polling = reconcileGeneration(studio.db, claim!.id, claim!.claimedUntil);
    await pollUntil(() => pollsOf(jobId), (polls) => polls === 1, "instance A's poll at Replicate");
    // Instance B never gets the job meanwhile, until past the moment A's first claim would lapse.
    await claimsUntilPast(claim!.claimedUntil, async () => expect(await claimStaleRunning(studio.db)).toEqual([]));
    expect(replicate.dropHung()).toBe(1);
    await polling;
    expect(pollsOf(jobId)).toBe(1);
    // A released its claim when done: the next round anywhere may check the job again.
    const row = await studio.db.generation.findUniqueOrThrow({ where: { id } });
    expect(row.claimedUntil).toBeNull();
    expect(row.status).toBe('starting');
  });
});

describe('a burst of due jobs', () => {
  it(`is sent at most ${DISPATCH_CONCURRENCY} at a time, each job once, the rest waiting their turn`, async () => {
    // The first jobs' creates hang until the test breaks their connections, so their slots stay
    // taken for as long as the checks below need, however slow the machine.
    setProviderOverrideForTests({ replicate: createReplicateProvider({ token: replicate.token, baseUrl: replicate.baseUrl, retry: { attempts: 1 } }) });
    replicate.fault('create', { hang: true, times: DISPATCH_CONCURRENCY });
    replicate.script('black-forest-labs/flux-schnell', { never: true });
    const JOBS = DISPATCH_CONCURRENCY + 6;
    const user = await studio.createUser({ credits: 20, premium: true });
    const caller = studio.caller(user);
    // Submitted together, so all come due together once the premium queue wait is over.
    const ids = await Promise.all(Array.from({ length: JOBS }, (_, i) => caller.generation.submit({ model_id: 'flux-schnell', prompt: `burst ${i}` }).then((s) => s.id)));
    // Every job's dispatch timer has fired: Node runs timers in the order they are due, and this
    // one is due after the last of theirs.
    const due = await studio.db.generation.findMany({ where: { id: { in: ids } }, select: { dispatchAt: true } });
    await sleep(Math.max(...due.map((row) => row.dispatchAt.getTime())) - Date.now() + 50);
    await pollUntil(() => replicate.createRequests().length, (creates) => creates >= DISPATCH_CONCURRENCY, `${DISPATCH_CONCURRENCY} creates at Replicate`);
    // Every slot is waiting on the provider: nobody else is sent meanwhile.
    expect(replicate.createRequests()).toHaveLength(DISPATCH_CONCURRENCY);
    // The others are not even claimed yet: still queued in the database for whoever is free first.
    expect(await studio.db.generation.count({ where: { id: { in: ids }, status: 'queued', claimedUntil: { not: null } } })).toBe(DISPATCH_CONCURRENCY);
    // The hung ones fail (failed and refunded: the provider may have the job); then the rest go.
    expect(replicate.dropHung()).toBe(DISPATCH_CONCURRENCY);
    for (const id of ids) await waitForGeneration(studio.db, id, ['failed', 'starting']);
    const rows = await studio.db.generation.findMany({ where: { id: { in: ids } } });
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(DISPATCH_CONCURRENCY);
    expect(rows.filter((r) => r.status === 'starting')).toHaveLength(JOBS - DISPATCH_CONCURRENCY);
    expect(replicate.createRequests()).toHaveLength(JOBS);
    expect(await studio.balance(user)).toBe(20 - (JOBS - DISPATCH_CONCURRENCY));
  });
});
