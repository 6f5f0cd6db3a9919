/**
 * Callback deliveries (issue 37, item 5), checked with the scheme's reference code (standardwebhooks):
 * written with a generation's end, signed, retried under the same webhook-id until answered 2xx,
 * kept in the database across a restart, and sent only where the address rules allow at send: no
 * redirect followed, at most 64 kB of an answer read, an endpoint failing for 24 hours disabled.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteServer } from '@test/helpers/api-route-server';
import { pollUntil } from '@test/helpers/poll';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { resetEnvCache } from '~/env';
import { createDb } from '~/server/db/client';
import { ensureServerRuntime, stopServerRuntime } from '~/server/runtime';
import { deleteForgottenDeliveries } from '~/server/services/callbacks/retention';
import { startCallbackSender } from '~/server/services/callbacks/sender';
import { finishFailed, finishSucceeded } from '~/server/services/generation/finish';
import type { CallbackEvent } from '~/utils/callback-events';
import { bearer, send, serveApi } from '../api/api-server';
import { names, useTestNames } from './network';
import { answer, startReceiver, type Receiver, type Received } from './receiver';

const REFUSED = 'This address cannot receive callbacks: loopback, private and link-local addresses are refused.';
const NOT_HTTPS = 'The endpoint must be an https:// URL.';

let studio: Studio;
let api: RouteServer;
const receivers: Receiver[] = [];

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

/** Receivers must exist before the studio reads CALLBACK_ALLOW_HOSTS: these are made up front. */
const scripts = {
  flaky: (n: number, response: Parameters<ReturnType<typeof answer>>[1]) => (n <= 2 ? answer(500, 'not yet')(n, response) : answer(200, 'thanks')(n, response)),
};
let flaky: Receiver;
let down: Receiver;
let steady: Receiver;
let chatty: Receiver;
let huge: Receiver;
let redirecting: Receiver;
let redirectTarget: Receiver;
let failing: Receiver;
/** Receivers no delivery may reach: what they count is only what the rules let through. */
let rebound: Receiver;
let unlisted: Receiver;
let shared: Receiver;
let holding: Receiver;
/** The answers `holding` keeps until the test lets them go. */
const held: Array<() => void> = [];

beforeAll(async () => {
  flaky = await receiver(scripts.flaky);
  down = await receiver();
  steady = await receiver();
  chatty = await receiver(answer(200, 'é'.repeat(400) + 'x'.repeat(1000)));
  huge = await receiver((_n, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    for (let i = 0; i < 100; i += 1) response.write('y'.repeat(1024));
    response.end();
  });
  redirectTarget = await receiver();
  redirecting = await receiver((_n, response) => {
    response.writeHead(302, { location: redirectTarget.url });
    response.end();
  });
  failing = await receiver(answer(503, 'down for maintenance'));
  rebound = await receiver();
  unlisted = await receiver();
  shared = await receiver();
  holding = await receiver((n, response) => held.push(() => answer(200, 'late but fine')(n, response)));
  const hosts = [flaky, down, steady, chatty, huge, redirecting, redirectTarget, failing, unlisted, shared, holding].map((r) => r.host).join(',');
  studio = await startStudio({ env: { CALLBACK_ALLOW_HOSTS: hosts, API_RATE_LIMIT_FREE: '1000' } });
  useTestNames();
  api = await serveApi();
});

afterAll(async () => {
  await stopServerRuntime();
  await api?.close();
  await studio?.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

async function runningGeneration(user: StudioUser): Promise<string> {
  const row = await studio.db.generation.create({
    data: {
      userId: user.id,
      modelId: 'flux-schnell',
      appType: 'image',
      outputType: 'image',
      status: 'processing',
      input: { prompt: 'a lighthouse at dusk' },
      cost: 0,
      platform: 'local',
      providerTarget: 'flux-schnell',
      deadlineAt: new Date(Date.now() + 60_000),
    },
    select: { id: true },
  });
  return row.id;
}

async function endpointFor(user: StudioUser, url: string, events: CallbackEvent[] = ['generation.succeeded', 'generation.failed', 'generation.canceled']) {
  return studio.caller(user).callbacks.create({ url, events });
}

function verified(secret: string, request: Received): unknown {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
}

function waitForDelivery(id: string, statuses: string[]) {
  return pollUntil(() => studio.db.callbackDelivery.findUniqueOrThrow({ where: { id } }), (row) => statuses.includes(row.status), `delivery ${id} to be ${statuses.join(' or ')}`);
}

function waitForAttempts(endpointId: string, count: number) {
  return pollUntil(() => studio.db.callbackAttempt.findMany({ where: { endpointId }, orderBy: { at: 'asc' } }), (rows) => rows.length >= count, `${count} attempt(s) to ${endpointId}`);
}

describe('a generation that ends', () => {
  it('reaches a receiver that fails twice a third time, with the same webhook-id, signed, with the body GET /api/v1 answers', async () => {
    const user = await studio.createUser();
    const { endpoint, secret } = await endpointFor(user, flaky.url, ['generation.succeeded']);
    const id = await runningGeneration(user);
    expect(await finishSucceeded(studio.db, id, { outputs: [], outputText: 'a lighthouse' })).toBe(true);
    const [delivery] = await studio.db.callbackDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ generationId: id, event: 'generation.succeeded', status: 'pending', attempts: 0 });
    ensureServerRuntime(studio.db);
    const third = await flaky.nth(3);
    expect(flaky.received.map((r) => r.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id, delivery!.id]);
    for (const request of flaky.received) expect(verified(secret, request)).toEqual(JSON.parse(third.body));
    expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
    expect(flaky.received.every((r) => r.headers['content-type'] === 'application/json')).toBe(true);
    const { secret: key } = await studio.caller(user).keys.create({ name: 'reader', scopes: ['read'] });
    const read = await send(`${api.url}/api/v1/generations/${id}`, { headers: bearer(key) });
    expect(read.status).toBe(200);
    expect(JSON.parse(third.body)).toEqual(read.body);
    expect(await waitForDelivery(delivery!.id, ['delivered'])).toMatchObject({ attempts: 3, claimedUntil: null });
    const log = await studio.caller(user).callbacks.attempts({ id: endpoint.id });
    expect(log.items.map(({ deliveryId, event, status, error, response }) => ({ deliveryId, event, status, error, response }))).toEqual([
      { deliveryId: delivery!.id, event: 'generation.succeeded', status: 200, error: null, response: 'thanks' },
      { deliveryId: delivery!.id, event: 'generation.succeeded', status: 500, error: 'The endpoint answered 500.', response: 'not yet' },
      { deliveryId: delivery!.id, event: 'generation.succeeded', status: 500, error: 'The endpoint answered 500.', response: 'not yet' },
    ]);
    expect((await studio.caller(user).callbacks.list()).items[0]).toMatchObject({ failingSince: null, disabledAt: null });
    // Signed anew at each attempt: the timestamp is the attempt's own.
    expect(flaky.received.every((r) => Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000) < 600)).toBe(true);
  });

  it('writes one delivery per endpoint that asks for the event, and none for the others', async () => {
    const user = await studio.createUser();
    const asksFailed = await endpointFor(user, steady.url, ['generation.failed']);
    const asksSucceeded = await endpointFor(user, steady.url, ['generation.succeeded']);
    const asksCanceled = await endpointFor(user, steady.url, ['generation.canceled', 'generation.failed']);
    const failed = await runningGeneration(user);
    const canceled = await runningGeneration(user);
    await finishFailed(studio.db, failed, 'The model returned no result.');
    await finishFailed(studio.db, canceled, 'Canceled by the user', 'canceled');
    // A second end of the same generation changes nothing and writes nothing.
    expect(await finishFailed(studio.db, failed, 'again')).toBe(false);
    const rows = await studio.db.callbackDelivery.findMany({ where: { endpoint: { userId: user.id } }, select: { endpointId: true, generationId: true, event: true } });
    expect(rows).toEqual(
      expect.arrayContaining([
        { endpointId: asksFailed.endpoint.id, generationId: failed, event: 'generation.failed' },
        { endpointId: asksCanceled.endpoint.id, generationId: failed, event: 'generation.failed' },
        { endpointId: asksCanceled.endpoint.id, generationId: canceled, event: 'generation.canceled' },
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(rows.some((row) => row.endpointId === asksSucceeded.endpoint.id)).toBe(false);
  });
});

describe('the rules at send', () => {
  it('send nothing to a name that resolves to loopback by the time of sending (refused and logged)', async () => {
    const user = await studio.createUser();
    const { endpoint } = await endpointFor(user, `https://rebind.test:${rebound.port}/hook`);
    names['rebind.test'] = [{ address: '127.0.0.1', family: 4 }];
    ensureServerRuntime(studio.db);
    const { deliveryId } = await studio.caller(user).callbacks.sendTest({ id: endpoint.id });
    const [attempt] = await waitForAttempts(endpoint.id, 1);
    expect(attempt).toMatchObject({ deliveryId, status: null, error: REFUSED, response: null });
    expect(rebound.received).toHaveLength(0);
  });

  it.each([
    ['https://169.254.169.254/latest/meta-data', REFUSED],
    ['https://10.0.0.1/hook', REFUSED],
    ['https://[::1]/hook', REFUSED],
    ['https://private.test/hook', REFUSED],
    ['https://mixed.test/hook', REFUSED],
    ['http://public.test/hook', NOT_HTTPS],
  ])('refuse %s, however the endpoint got there', async (url, error) => {
    const user = await studio.createUser();
    const endpoint = await studio.db.callbackEndpoint.create({ data: { userId: user.id, url, events: ['generation.failed'], secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64') } });
    ensureServerRuntime(studio.db);
    await studio.caller(user).callbacks.sendTest({ id: endpoint.id });
    const [attempt] = await waitForAttempts(endpoint.id, 1);
    expect(attempt).toMatchObject({ status: null, error, response: null });
  });

  it('follow CALLBACK_ALLOW_HOSTS as it is now: a loopback endpoint it no longer names gets nothing', async () => {
    const user = await studio.createUser();
    const { endpoint } = await endpointFor(user, unlisted.url);
    const saved = process.env.CALLBACK_ALLOW_HOSTS;
    process.env.CALLBACK_ALLOW_HOSTS = flaky.host;
    resetEnvCache();
    try {
      ensureServerRuntime(studio.db);
      await studio.caller(user).callbacks.sendTest({ id: endpoint.id });
      const [attempt] = await waitForAttempts(endpoint.id, 1);
      expect(attempt).toMatchObject({ status: null, error: NOT_HTTPS });
    } finally {
      process.env.CALLBACK_ALLOW_HOSTS = saved;
      resetEnvCache();
    }
    expect(unlisted.received).toHaveLength(0);
  });

  it('follow no redirect: the 302 is logged as a failure and its target gets nothing', async () => {
    const user = await studio.createUser();
    const { endpoint } = await endpointFor(user, redirecting.url);
    ensureServerRuntime(studio.db);
    const { deliveryId } = await studio.caller(user).callbacks.sendTest({ id: endpoint.id });
    const [attempt] = await waitForAttempts(endpoint.id, 1);
    expect(attempt).toMatchObject({ deliveryId, status: 302, error: 'The endpoint answered with a redirect, which callbacks do not follow.' });
    expect(redirectTarget.received).toHaveLength(0);
    expect(await studio.db.callbackDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ status: 'pending', attempts: expect.any(Number) });
  });

  it('read at most 64 kB of an answer: a 100 kB one fails the attempt; the log keeps the first 1 kB of a small one', async () => {
    const user = await studio.createUser();
    const big = await endpointFor(user, huge.url);
    const small = await endpointFor(user, chatty.url);
    ensureServerRuntime(studio.db);
    await studio.caller(user).callbacks.sendTest({ id: big.endpoint.id });
    const { deliveryId } = await studio.caller(user).callbacks.sendTest({ id: small.endpoint.id });
    const [tooLarge] = await waitForAttempts(big.endpoint.id, 1);
    expect(tooLarge).toMatchObject({ status: 200, error: 'The answer is larger than 64 kB.', response: null });
    await waitForDelivery(deliveryId, ['delivered']);
    const [logged] = await waitForAttempts(small.endpoint.id, 1);
    const sent = Buffer.from('é'.repeat(400) + 'x'.repeat(1000));
    expect(logged).toMatchObject({ status: 200, error: null, response: sent.subarray(0, 1024).toString('utf8') });
  });
});

describe('an endpoint that fails', () => {
  it('is disabled once every attempt failed for 24 hours, with the reason shown, and its deliveries end', async () => {
    const user = await studio.createUser();
    const { endpoint } = await endpointFor(user, failing.url);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await studio.db.callbackEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: dayAgo } });
    const waiting = await runningGeneration(user);
    await studio.db.callbackDelivery.create({ data: { id: 'msg_waiting', endpointId: endpoint.id, generationId: waiting, event: 'generation.failed', payload: '{}', nextAttemptAt: new Date(Date.now() + 3_600_000) } });
    ensureServerRuntime(studio.db);
    const { deliveryId } = await studio.caller(user).callbacks.sendTest({ id: endpoint.id });
    await waitForDelivery(deliveryId, ['failed']);
    const [listed] = (await studio.caller(user).callbacks.list()).items;
    expect(listed).toMatchObject({ id: endpoint.id, disabledAt: expect.any(Date), disabledReason: 'Every attempt failed for 24 hours. The last one: The endpoint answered 503.' });
    expect(await studio.db.callbackDelivery.findUniqueOrThrow({ where: { id: 'msg_waiting' } })).toMatchObject({ status: 'failed' });
    await expect(studio.caller(user).callbacks.sendTest({ id: endpoint.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This endpoint is disabled. Enable it again to receive events.',
    });
    const later = await runningGeneration(user);
    await finishFailed(studio.db, later, 'The model returned no result.');
    expect(await studio.db.callbackDelivery.count({ where: { generationId: later } })).toBe(0);
  });

  it('once enabled again by its owner, with its URL and secret unchanged, receives the next events', async () => {
    const user = await studio.createUser();
    const { endpoint, secret } = await endpointFor(user, steady.url);
    await studio.db.callbackEndpoint.update({
      where: { id: endpoint.id },
      data: { disabledAt: new Date(), disabledReason: 'Every attempt failed for 24 hours. The last one: The endpoint answered 503.', failingSince: new Date(Date.now() - 25 * 3_600_000) },
    });
    const stranger = await studio.createUser();
    await expect(studio.caller(stranger).callbacks.enable({ id: endpoint.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such endpoint.' });
    const enabled = await studio.caller(user).callbacks.enable({ id: endpoint.id });
    expect(enabled).toMatchObject({ id: endpoint.id, url: steady.url, disabledAt: null, disabledReason: null, failingSince: null });
    ensureServerRuntime(studio.db);
    const generationId = await runningGeneration(user);
    await finishFailed(studio.db, generationId, 'The model returned no result.');
    const delivery = await studio.db.callbackDelivery.findFirstOrThrow({ where: { generationId } });
    await waitForDelivery(delivery.id, ['delivered']);
    const request = steady.received.find((received) => received.headers['webhook-id'] === delivery.id);
    expect(request).toBeDefined();
    expect(verified(secret, request!)).toMatchObject({ id: generationId, status: 'failed' });
  });

  it('gives a delivery up after its 24 hours, and marks its endpoint failing', async () => {
    const user = await studio.createUser();
    const { endpoint } = await endpointFor(user, failing.url);
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await studio.db.callbackDelivery.create({ data: { id: 'msg_old', endpointId: endpoint.id, event: 'test', payload: '{}', createdAt: old } });
    ensureServerRuntime(studio.db);
    expect(await waitForDelivery('msg_old', ['failed'])).toMatchObject({ attempts: 1 });
    const [row] = (await studio.caller(user).callbacks.list()).items;
    expect(row).toMatchObject({ failingSince: expect.any(Date), disabledAt: null });
  });
});

describe('the delivery log', () => {
  it('keeps the newest 100 attempts of an endpoint', async () => {
    const user = await studio.createUser();
    const { endpoint } = await endpointFor(user, steady.url);
    const { deliveryId: seeded } = await studio.caller(user).callbacks.sendTest({ id: endpoint.id });
    await waitForDelivery(seeded, ['delivered']);
    const hourAgo = Date.now() - 3_600_000;
    await studio.db.callbackAttempt.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({ endpointId: endpoint.id, deliveryId: seeded, event: 'test', status: 200, at: new Date(hourAgo + i * 1000) })),
    });
    const oldest = await studio.db.callbackAttempt.findMany({ where: { endpointId: endpoint.id }, orderBy: { at: 'asc' }, take: 2 });
    const { deliveryId } = await studio.caller(user).callbacks.sendTest({ id: endpoint.id });
    await waitForDelivery(deliveryId, ['delivered']);
    const log = await studio.caller(user).callbacks.attempts({ id: endpoint.id });
    expect(log.items).toHaveLength(100);
    expect(log.items[0]).toMatchObject({ deliveryId, status: 200 });
    expect(await studio.db.callbackAttempt.count({ where: { endpointId: endpoint.id } })).toBe(100);
    expect(await studio.db.callbackAttempt.count({ where: { id: { in: oldest.map((row) => row.id) } } })).toBe(0);
  });
});

describe('old deliveries', () => {
  it('go once no log shows them and they ended over a day ago; pending ones and logged ones stay', async () => {
    const user = await studio.createUser();
    const { endpoint } = await endpointFor(user, steady.url);
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await studio.db.callbackDelivery.createMany({
      data: [
        { id: 'msg_forgotten', endpointId: endpoint.id, event: 'test', payload: '{}', status: 'delivered', finishedAt: twoDaysAgo, createdAt: twoDaysAgo },
        { id: 'msg_failed_old', endpointId: endpoint.id, event: 'test', payload: '{}', status: 'failed', finishedAt: twoDaysAgo, createdAt: twoDaysAgo },
        { id: 'msg_logged', endpointId: endpoint.id, event: 'test', payload: '{}', status: 'delivered', finishedAt: twoDaysAgo, createdAt: twoDaysAgo },
        { id: 'msg_fresh', endpointId: endpoint.id, event: 'test', payload: '{}', status: 'delivered', finishedAt: hourAgo, createdAt: hourAgo },
        { id: 'msg_later', endpointId: endpoint.id, event: 'test', payload: '{}', nextAttemptAt: new Date(Date.now() + 3_600_000), createdAt: twoDaysAgo },
      ],
    });
    await studio.db.callbackAttempt.create({ data: { endpointId: endpoint.id, deliveryId: 'msg_logged', event: 'test', status: 200, at: twoDaysAgo } });
    expect(await deleteForgottenDeliveries(studio.db)).toBe(2);
    const left = await studio.db.callbackDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { id: 'asc' }, select: { id: true } });
    expect(left.map((row) => row.id)).toEqual(['msg_fresh', 'msg_later', 'msg_logged']);
    expect((await studio.caller(user).callbacks.attempts({ id: endpoint.id })).items).toHaveLength(1);
  });
});

describe('a receiver that is down across a restart', () => {
  it('gets the event from the next runtime, from the delivery kept in the database, under the same id', async () => {
    const user = await studio.createUser();
    const { endpoint, secret } = await endpointFor(user, down.url, ['generation.failed']);
    await down.close();
    ensureServerRuntime(studio.db);
    const id = await runningGeneration(user);
    await finishFailed(studio.db, id, 'The model returned no result.');
    const [first] = await waitForAttempts(endpoint.id, 1);
    expect(first).toMatchObject({ status: null, error: 'The connection to the endpoint failed.' });
    await stopServerRuntime();
    await down.listen();
    const next = createDb(studio.database.connectionString, { maxConnections: studio.database.maxConnections });
    try {
      ensureServerRuntime(next);
      const arrived = await down.nth(1);
      expect(arrived.headers['webhook-id']).toBe(first!.deliveryId);
      expect(verified(secret, arrived)).toMatchObject({ id, status: 'failed', error: 'The model returned no result.' });
      await waitForDelivery(first!.deliveryId, ['delivered']);
    } finally {
      await stopServerRuntime();
      await next.$disconnect();
    }
  });
});

describe('the clean stop', () => {
  it('waits for the attempt in flight and records it', async () => {
    const user = await studio.createUser();
    const { endpoint } = await endpointFor(user, holding.url);
    ensureServerRuntime(studio.db);
    const { deliveryId } = await studio.caller(user).callbacks.sendTest({ id: endpoint.id });
    await holding.nth(1);
    const stopping = stopServerRuntime();
    held.shift()!();
    await stopping;
    expect(await studio.db.callbackDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ status: 'delivered', attempts: 1, claimedUntil: null });
    expect(await studio.db.callbackAttempt.findMany({ where: { endpointId: endpoint.id }, select: { status: true, response: true } })).toEqual([{ status: 200, response: 'late but fine' }]);
  });
});

describe('two instances', () => {
  it('send each delivery once: every webhook-id arrives once, after one attempt', async () => {
    await stopServerRuntime();
    const user = await studio.createUser();
    const { endpoint, secret } = await endpointFor(user, shared.url, ['generation.succeeded']);
    const ids = await Promise.all(Array.from({ length: 40 }, () => runningGeneration(user)));
    const other = createDb(studio.database.connectionString, { maxConnections: studio.database.maxConnections });
    const stops = [startCallbackSender(studio.db), startCallbackSender(other)];
    try {
      await Promise.all(ids.map((id) => finishSucceeded(studio.db, id, { outputs: [], outputText: null })));
      await shared.nth(40);
      const delivered = await pollUntil(
        () => studio.db.callbackDelivery.findMany({ where: { endpointId: endpoint.id } }),
        (rows) => rows.every((row) => row.status === 'delivered'),
        'all 40 deliveries delivered',
      );
      expect(delivered.map((row) => row.attempts)).toEqual(Array.from({ length: 40 }, () => 1));
      expect(await studio.db.callbackAttempt.count({ where: { endpointId: endpoint.id } })).toBe(40);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await other.$disconnect();
    }
    expect(shared.received).toHaveLength(40);
    expect(new Set(shared.received.map((r) => r.headers['webhook-id'])).size).toBe(40);
    const generations = shared.received.map((r) => (verified(secret, r) as { id: string }).id);
    expect(generations.sort()).toEqual([...ids].sort());
  });
});
