/**
 * `npm start`'s server (server.mjs) answers the routes of src/server/http/direct-routes.ts itself,
 * before Next's pipeline, with handlers it loads from our TypeScript at start. This runs the real
 * process, as `npm start` does, and checks that what it answers there is the studio's webhook
 * (signature check, grant, replay) on the same database Next's routes use, and that every other
 * path still reaches Next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '~/server/db/client';
import { CREDIT_PACKS } from '~/server/services/billing/catalogue';
import { getTestDatabase, type TestDatabase } from '../helpers/database';
import { paidPackSession, sdkFor, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { startApp, type AppServer } from './helpers/app-server';

let database: TestDatabase;
let stripe: FakeStripe;
let app: AppServer;
let buyer: { id: string };
let refused: { id: string };

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
  [buyer, refused] = await withDatabase(async (db) => [
    await db.user.create({ data: { email: 'server-mjs@example.test' }, select: { id: true } }),
    await db.user.create({ data: { email: 'server-mjs-refused@example.test' }, select: { id: true } }),
  ]);
  stripe = await startFakeStripe();
  app = await startApp({ DATABASE_URL: database.connectionString, ...stripe.env });
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

  it('wrote to the database Next uses: the payment granted once, nothing for the refused one', async () => {
    await app.stop();
    const books = await withDatabase((db) =>
      Promise.all(
        [buyer, refused].map(async (user) => ({
          credits: (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { credits: true } })).credits,
          grants: await db.creditLedgerEntry.findMany({ where: { userId: user.id }, select: { reason: true, amount: true } }),
        })),
      ),
    );
    const pack = CREDIT_PACKS[0]!;
    expect(books).toEqual([
      { credits: pack.credits, grants: [{ reason: 'purchase_grant', amount: pack.credits }] },
      { credits: 0, grants: [] },
    ]);
  });
});
