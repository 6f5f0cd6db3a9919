/**
 * Delete my account (issue 41 §3), on local disk and on S3 (s3rver, through the real AWS SDK),
 * with the fake Stripe behind the real SDK: a person with a pack, a subscription, creations (one
 * shared), an upload, a collection, a star, a running job, an API key and an export deletes their
 * account. After it no row holds their e-mail or name, no object under their keys is left, the
 * ledger's sum over the books is what it was (plus the running job's refund), a refund webhook for
 * their old payment claws back against the detached books, their share page is a 404, their
 * session and API key are refused, the subscription is cancelled at Stripe, and signing up again
 * with the same e-mail starts a new, empty account without starting credits.
 */
import type { ServerResponse } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { GetServerSidePropsContext } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import { startS3rver, type LocalS3 } from '@test/helpers/s3rver';
import { runUntil, type StudioUser } from '@test/helpers/studio';
import { sharePageProps } from '~/server/pages/share-page';
import { deleteOwnAccount, WRONG_CONFIRMATION } from '~/server/services/privacy/account-deletion';
import { createUserWithGrant, findOrCreateUserByEmail } from '~/server/services/users';
import { exportWhenReady } from './exports';

type Driver = 'local' | 's3';

const EMAIL = 'ada.lovelace@example.test';
const NAME = 'Ada Lovelace';

/** Rows of any table whose text holds the value (every column, as PostgreSQL writes the row). */
async function rowsHolding(billing: BillingStudio, value: string): Promise<string[]> {
  const db = billing.studio.db;
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`;
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await db.$queryRawUnsafe<{ count: bigint }[]>(`SELECT count(*) AS count FROM "${name}" t WHERE t::text ILIKE $1`, `%${value}%`);
    if (Number(row!.count) > 0) found.push(name);
  }
  return found;
}

async function localKeysUnder(dataDir: string, prefix: string): Promise<string[]> {
  const root = path.join(dataDir, 'storage', 'objects');
  try {
    const entries = await readdir(path.join(root, ...prefix.split('/').filter(Boolean)), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

async function s3KeysUnder(s3: LocalS3, prefix: string): Promise<string[]> {
  const client = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  client.destroy();
  return (page.Contents ?? []).map((object) => object.Key!);
}

async function sharePage(billing: BillingStudio, id: string, cookie?: string) {
  const headers: Record<string, unknown> = {};
  const req = { headers: cookie ? { cookie } : {}, cookies: {} } as unknown as GetServerSidePropsContext['req'];
  const res = { setHeader: (name: string, value: unknown) => void (headers[name] = value) } as unknown as ServerResponse;
  return sharePageProps({ req, res, params: { id }, locale: 'en' });
}

async function ledgerTotals(billing: BillingStudio): Promise<{ sum: number; rows: number }> {
  const total = await billing.studio.db.creditLedgerEntry.aggregate({ _sum: { amount: true }, _count: true });
  return { sum: total._sum.amount ?? 0, rows: total._count };
}

describe.each<Driver>(['local', 's3'])('deleting an account (%s storage)', (driver) => {
  let billing: BillingStudio;
  let s3: LocalS3 | undefined;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3rver() : undefined;
    billing = await startBillingStudio({ STARTING_CREDITS: '100', ...(s3?.env ?? {}) });
  });

  afterAll(async () => {
    await billing?.stop();
    await s3?.stop();
  });

  const keysUnder = (prefix: string) => (s3 ? s3KeysUnder(s3, prefix) : localKeysUnder(billing.studio.dataDir, prefix));

  it('leaves nothing of the person but detached books that still balance and still take a refund', async () => {
    const { studio, stripe } = billing;
    const made = await createUserWithGrant(studio.db, { email: EMAIL, name: NAME, image: 'https://example.test/ada.png' });
    const user: StudioUser = { id: made.id, email: made.email };
    expect(made.credits).toBe(100);

    // A pack and the plan, paid at Stripe and granted by the webhook.
    const pack = await billing.checkout(user, 'credits-500');
    const paidPack = stripe.pay(pack.sessionId);
    expect((await stripe.send(stripe.event('checkout.session.completed', paidPack.session))).body.outcome).toBe('granted');
    const plan = await billing.checkout(user, 'premium-monthly');
    const paidPlan = stripe.pay(plan.sessionId);
    expect((await stripe.send(stripe.event('checkout.session.completed', paidPlan.session))).body.outcome).toBe('granted');
    const subscriptionId = paidPlan.subscription!.id as string;

    // Creations (one shared publicly), an upload, a collection and a star, a running job, an API key, an export.
    const caller = studio.caller(user);
    const shared = (await caller.generation.submit({ model_id: 'flux-schnell', prompt: 'an analytical engine', is_public: true })).id;
    expect((await runUntil(studio.db, shared)).status).toBe('succeeded');
    const second = (await caller.generation.submit({ model_id: 'flux-schnell', prompt: 'punched cards', is_public: false })).id;
    expect((await runUntil(studio.db, second)).status).toBe('succeeded');
    const cookie = await studio.cookieFor(user);
    expect('props' in (await sharePage(billing, shared, cookie))).toBe(true);
    await studio.upload(user);
    const collection = await caller.collection.create({ name: `${NAME}'s favourites` });
    await caller.collection.add({ id: collection.id, generationIds: [shared] });
    await caller.prediction.star({ id: second, starred: true });
    // A job waiting its turn for an hour (as the free tier's queue holds one): still running at the deletion.
    const running = await caller.generation.submit({ model_id: 'flux-schnell', prompt: 'still queued' });
    await studio.db.generation.updateMany({ where: { id: running.id, status: 'queued' }, data: { dispatchAt: new Date(Date.now() + 3_600_000) } });
    expect((await studio.db.generation.findUniqueOrThrow({ where: { id: running.id } })).status).toBe('queued');
    const key = await caller.keys.create({ name: 'script', scopes: ['read'] });
    const asked = await caller.privacy.requestExport();
    expect((await exportWhenReady(studio.db, user.id, asked.id)).status).toBe('ready');

    const prefix = `u/${user.id}/`;
    const keysBefore = await keysUnder(prefix);
    expect(keysBefore.some((k) => k.includes('/generations/'))).toBe(true);
    expect(keysBefore.some((k) => k.includes('/uploads/'))).toBe(true);
    expect(keysBefore.some((k) => k.includes('/exports/'))).toBe(true);
    const before = await ledgerTotals(billing);
    const runningCost = (await studio.db.generation.findUniqueOrThrow({ where: { id: running.id } })).cost;

    // A wrong confirmation: nothing happens.
    await expect(caller.privacy.deleteAccount({ email: 'someone.else@example.test' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: WRONG_CONFIRMATION });
    expect(await studio.db.user.count({ where: { id: user.id } })).toBe(1);
    expect(await keysUnder(prefix)).toEqual(keysBefore);
    expect(stripe.subscription(subscriptionId).status).toBe('active');

    // The e-mail as typed (case and spaces aside).
    expect(await caller.privacy.deleteAccount({ email: `  ${EMAIL.toUpperCase()} ` })).toEqual({ status: 'deleted' });

    // The subscription was cancelled at Stripe; the running job was cancelled and refunded first.
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
    expect(await studio.db.creditLedgerEntry.count({ where: { reason: 'generation_refund', generationId: null, note: 'Generation canceled' } })).toBe(1);
    expect(stripe.requests.some((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionId}`)).toBe(true);
    // No row anywhere holds their e-mail or name; nothing is left under their keys.
    expect(await rowsHolding(billing, EMAIL)).toEqual([]);
    expect(await rowsHolding(billing, NAME)).toEqual([]);
    expect(await rowsHolding(billing, 'ada.png')).toEqual([]);
    expect(await keysUnder(prefix)).toEqual([]);
    for (const table of ['generation', 'collection', 'session', 'account', 'apiKey', 'storedObject', 'billingSubscription', 'dataExport'] as const) {
      expect(await (studio.db[table] as unknown as { count(args: object): Promise<number> }).count({ where: table === 'storedObject' ? { ownerId: user.id } : { userId: user.id } }), table).toBe(0);
    }
    expect(await studio.db.user.count({ where: { id: user.id } })).toBe(0);

    // The books: every row kept, its sum unchanged but for the running job's refund, on one opaque holder.
    const after = await ledgerTotals(billing);
    expect(after).toEqual({ sum: before.sum + runningCost, rows: before.rows + 1 });
    const purchases = await studio.db.purchase.findMany({ where: { id: { in: [pack.sessionId, paidPlan.invoice!.id as string] } } });
    expect(purchases).toHaveLength(2);
    const holderId = purchases[0]!.userId;
    expect(holderId).not.toBe(user.id);
    expect(purchases.every((purchase) => purchase.userId === holderId && purchase.receiptUrl === null)).toBe(true);
    const holder = await studio.db.user.findUniqueOrThrow({ where: { id: holderId } });
    expect(holder).toMatchObject({ email: `deleted:${holderId}`, name: null, image: null, stripeCustomerId: null });
    const holderSum = await studio.db.creditLedgerEntry.aggregate({ where: { userId: holderId }, _sum: { amount: true } });
    expect(holder.credits).toBe(holderSum._sum.amount);

    // A refund of their old pack: found by its payment, clawed back against the detached books.
    const { charge } = stripe.refund(paidPack.chargeId);
    expect(await stripe.send(stripe.event('charge.refunded', charge))).toMatchObject({ status: 200, body: { outcome: 'clawed_back' } });
    const clawback = await studio.db.creditLedgerEntry.findFirstOrThrow({ where: { reason: 'refund_clawback', purchaseId: pack.sessionId } });
    expect(clawback).toMatchObject({ userId: holderId, amount: -500, balanceAfter: holder.credits - 500 });
    expect(await studio.db.purchase.findUniqueOrThrow({ where: { id: pack.sessionId } })).toMatchObject({ status: 'refunded', userId: holderId });
    expect((await studio.db.user.findUniqueOrThrow({ where: { id: holderId } })).credits).toBe(holder.credits - 500);

    // Their share page is the ordinary 404; their session and their API key are refused.
    expect(await sharePage(billing, shared)).toEqual({ notFound: true });
    expect(await sharePage(billing, shared, cookie)).toEqual({ notFound: true });
    const viaCookie = await fetch(`${studio.server.url}/api/get-user-details`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: studio.server.url }, body: '{}' });
    expect(viaCookie.status).toBe(401);
    const viaKey = await fetch(`${studio.server.url}/api/get-user-details`, { method: 'POST', headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' }, body: '{}' });
    expect(viaKey.status).toBe(401);

    // Their session is signed out; a second delete that got past the door while the first ran answers
    // as the first. Signing up again starts empty, without the starting credits.
    await expect(caller.privacy.deleteAccount({ email: EMAIL })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await deleteOwnAccount(studio.db, user.id, EMAIL)).toEqual({ status: 'deleted' });
    const again = await findOrCreateUserByEmail(studio.db, { email: EMAIL, name: NAME });
    expect(again.id).not.toBe(user.id);
    expect(again.credits).toBe(0);
    expect(await studio.db.creditLedgerEntry.count({ where: { userId: again.id } })).toBe(0);
    expect(await studio.caller({ id: again.id, email: EMAIL }).privacy.latestExport()).toBeNull();
  }, 120_000);
});
