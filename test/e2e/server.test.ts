/**
 * `npm start`'s server (server.mjs) answers the routes of src/server/http/direct-routes.ts itself,
 * before Next's pipeline, with handlers it loads from our TypeScript at start. This runs the real
 * process, as `npm start` does, and checks that what it answers there is the studio's webhook
 * (signature check, grant, replay) and the studio's submit (session from the Cookie header, the
 * same-origin rule, the procedure's envelope and refusals, one charge per key) on the same database
 * Next's routes use, and that every other path still reaches Next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode } from 'next-auth/jwt';
import { createDb, type Db } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';
import { CREDIT_PACKS } from '~/server/services/billing/catalogue';
import { getTestDatabase, type TestDatabase } from '../helpers/database';
import { paidPackSession, sdkFor, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { startApp, type AppServer } from './helpers/app-server';

let database: TestDatabase;
let stripe: FakeStripe;
let app: AppServer;
let buyer: { id: string };
let refused: { id: string };
let submitter: { id: string };

const SECRET = 'server-mjs-test-secret';
const SUBMITTER_CREDITS = 10;

/**
 * This file reads and writes the studio's database only while the studio is stopped: without
 * TEST_DATABASE_URL it is an in-memory PGlite, one session, which two processes must not share.
 */
async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb(database.connectionString, { maxConnections: 1 });
  try {
    return await work(db);
  } finally {
    await db.$disconnect();
  }
}

beforeAll(async () => {
  database = await getTestDatabase();
  [buyer, refused, submitter] = await withDatabase(async (db) => {
    const users = [
      await db.user.create({ data: { email: 'server-mjs@example.test' }, select: { id: true } }),
      await db.user.create({ data: { email: 'server-mjs-refused@example.test' }, select: { id: true } }),
      await db.user.create({ data: { email: 'server-mjs-submitter@example.test' }, select: { id: true } }),
    ];
    await grantCredits(db, users[2]!.id, SUBMITTER_CREDITS, { reason: 'admin_grant', note: 'server.mjs submit test' });
    return users as [{ id: string }, { id: string }, { id: string }];
  });
  stripe = await startFakeStripe();
  app = await startApp({ DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: SECRET, ...stripe.env });
  stripe.setWebhookUrl(`${app.url}/api/webhooks/stripe`);
});

afterAll(async () => {
  await app?.stop();
  await stripe?.close();
  await database?.stop();
});

const paidSession = (userId: string) => paidPackSession(stripe, sdkFor(stripe), userId, CREDIT_PACKS[0]!, app.url);

describe('npm start (server.mjs)', () => {
  it('answers the Stripe webhook itself: a payment is granted once, a replay changes nothing', async () => {
    const event = stripe.event('checkout.session.completed', await paidSession(buyer.id));
    expect(await stripe.send(event)).toEqual({ status: 200, body: { ok: true, outcome: 'granted' } });
    expect(await stripe.send(event)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    // The books are read once the studio has stopped (the last test).
  });

  it('refuses what the webhook refuses, with the same statuses and bodies', async () => {
    const event = stripe.event('checkout.session.completed', await paidSession(refused.id));
    expect(await stripe.send(event, { secret: 'whsec_another' })).toEqual({
      status: 400,
      body: { ok: false, error: 'bad_signature', message: 'The signature does not match the payload (another secret, or a changed body): nothing recorded.' },
    });
    const bare = await fetch(`${app.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ ok: false, error: 'bad_signature', message: 'No Stripe-Signature header.' });
    expect((await fetch(`${app.url}/api/webhooks/stripe?from=test`, { method: 'GET' })).status).toBe(405);
  });

  /** POST /api/unigen as the studio's own page sends it: the session cookie, our Origin, JSON. */
  async function submit(body: string, headers: Record<string, string> = {}) {
    const cookie = `next-auth.session-token=${await encode({ token: { sub: submitter.id }, secret: SECRET })}`;
    const response = await fetch(`${app.url}/api/unigen`, {
      method: 'POST',
      headers: { cookie: `theme=dark; ${cookie}`, origin: app.url, 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: response.status, allow: response.headers.get('allow'), body: (await response.json()) as unknown };
  }

  it('answers the submit itself: the session from the Cookie header, the envelope, one charge per key', async () => {
    const first = await submit(JSON.stringify({ model_id: 'flux-schnell', prompt: 'through server.mjs', idempotency_key: 'server-mjs-1' }));
    expect(first).toMatchObject({ status: 200, body: { success: true, message: null, error: null, data: { status: 'pending', outputNum: 1, user_credits: SUBMITTER_CREDITS - 1 } } });
    const id = (first.body as { data: { id: string } }).data.id;
    // The same key again: the same generation, nothing charged twice.
    const replay = await submit(JSON.stringify({ model_id: 'flux-schnell', prompt: 'through server.mjs', idempotency_key: 'server-mjs-1' }));
    expect(replay).toMatchObject({ status: 200, body: { success: true, data: { id, user_credits: SUBMITTER_CREDITS - 1 } } });
  });

  it('refuses what the submit refuses, with the same statuses and envelopes', async () => {
    const envelope = (message: string, error: string) => ({ success: false, data: null, message, error });
    expect(await submit('{"model_id":"flux-schnell","prompt":"elsewhere"}', { origin: 'https://elsewhere.example' })).toMatchObject({
      status: 403,
      body: envelope('Cross-origin requests are not accepted.', 'forbidden'),
    });
    expect(await submit('{"model_id":"flux-schnell",')).toMatchObject({ status: 400, body: envelope('The request body is not valid JSON.', 'bad_request') });
    expect(await submit('{"model_id":"flux-schnell","prompt":"huge","seed":-1}')).toMatchObject({
      status: 400,
      body: envelope('Seed must be a whole number from 0 to 2,147,483,647.', 'validation_failed'),
    });
    const signedOut = await fetch(`${app.url}/api/unigen`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model_id":"flux-schnell","prompt":"who"}' });
    expect({ status: signedOut.status, body: await signedOut.json() }).toEqual({ status: 401, body: envelope('Please sign in to continue.', 'unauthorized') });
    const get = await fetch(`${app.url}/api/unigen?from=test`);
    expect({ status: get.status, allow: get.headers.get('allow'), body: await get.json() }).toEqual({
      status: 405,
      allow: 'POST',
      body: envelope('Method GET is not allowed. Use POST.', 'method_not_allowed'),
    });
  });

  it('hands every other path to Next', async () => {
    const status = await fetch(`${app.url}/api/trpc/system.status?batch=1&input=${encodeURIComponent('{"0":{"json":null}}')}`);
    expect(status.status).toBe(200);
    const [answer] = (await status.json()) as [{ result: { data: { json: { localCheckout: boolean } } } }];
    // Stripe is configured here, so the local checkout stands down.
    expect(answer.result.data.json.localCheckout).toBe(false);
    const page = await fetch(`${app.url}/pricing`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="__next">');
  });

  it('wrote to the database Next uses: the payment granted once, nothing for the refused one, one submit charged once', async () => {
    await app.stop();
    const books = await withDatabase((db) =>
      Promise.all(
        [buyer, refused, submitter].map(async (user) => ({
          credits: (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { credits: true } })).credits,
          grants: await db.creditLedgerEntry.findMany({ where: { userId: user.id }, select: { reason: true, amount: true } }),
        })),
      ),
    );
    const pack = CREDIT_PACKS[0]!;
    expect(books).toEqual([
      { credits: pack.credits, grants: [{ reason: 'purchase_grant', amount: pack.credits }] },
      { credits: 0, grants: [] },
      {
        credits: SUBMITTER_CREDITS - 1,
        grants: expect.arrayContaining([
          { reason: 'admin_grant', amount: SUBMITTER_CREDITS },
          { reason: 'generation_debit', amount: -1 },
        ]) as unknown,
      },
    ]);
    expect(books[2]!.grants).toHaveLength(2);
    const generations = await withDatabase((db) => db.generation.findMany({ where: { userId: submitter.id }, select: { idempotencyKey: true } }));
    expect(generations).toEqual([{ idempotencyKey: 'server-mjs-1' }]);
  });
});
