/**
 * Deleting an account when things go wrong (issue 41, bad input and faults), on S3 (s3rver through
 * the real AWS SDK) with the fake Stripe: the payment provider down stops the deletion before
 * anything is deleted, with the reason; storage down mid-deletion leaves it running (not reported
 * done) until any instance's runner finds every object gone; two deletes at once answer alike; and
 * staff delete from the console with the reason in the audit log, once per form.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import { startS3rver, type LocalS3 } from '@test/helpers/s3rver';
import { runUntil, type StudioUser } from '@test/helpers/studio';
import { deleteOwnAccount } from '~/server/services/privacy/account-deletion';
import { SUBSCRIPTION_CANCEL_FAILED } from '~/server/services/privacy/cancel-subscriptions';
import { resumeDeletions } from '~/server/services/privacy/deletion-runner';
import { stopServerRuntime } from '~/server/runtime';
import { setStorageDriverForTests } from '~/server/services/storage';
import { createS3Driver } from '~/server/services/storage/s3-driver';
import { CLOSED_PORT } from '@test/helpers/ports';

let billing: BillingStudio;
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startS3rver();
  billing = await startBillingStudio(s3.env);
});

afterAll(async () => {
  setStorageDriverForTests(null);
  await billing?.stop();
  await s3?.stop();
});

async function keysUnder(prefix: string): Promise<string[]> {
  const client = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  client.destroy();
  return (page.Contents ?? []).map((object) => object.Key!);
}

/** A person with a creation (its files in S3) and an upload. */
async function personWithFiles(): Promise<StudioUser> {
  const { studio } = billing;
  const user = await studio.createUser({ credits: 30 });
  const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a lighthouse' });
  expect((await runUntil(studio.db, id)).status).toBe('succeeded');
  await studio.upload(user);
  expect((await keysUnder(`u/${user.id}/`)).length).toBeGreaterThanOrEqual(2);
  return user;
}

describe('the payment provider down', () => {
  it('nothing is deleted and the answer says why; once it answers, the deletion goes through', async () => {
    const { studio, stripe } = billing;
    const user = await personWithFiles();
    const { sessionId } = await billing.checkout(user, 'premium-monthly');
    const paid = stripe.pay(sessionId);
    expect((await stripe.send(stripe.event('checkout.session.completed', paid.session))).body.outcome).toBe('granted');
    const subscriptionId = paid.subscription!.id as string;
    const before = { generations: await studio.db.generation.count({ where: { userId: user.id } }), keys: await keysUnder(`u/${user.id}/`) };

    // Stripe answers 500 to the read-back and to the SDK's two retries of it.
    const sent = stripe.requests.length;
    stripe.failNext('/v1/subscriptions', 500, 3);
    await expect(studio.caller(user).privacy.deleteAccount({ email: user.email })).rejects.toMatchObject({ code: 'BAD_GATEWAY', message: SUBSCRIPTION_CANCEL_FAILED });
    expect(await studio.db.user.count({ where: { id: user.id } })).toBe(1);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(before.generations);
    expect(await studio.db.accountDeletion.count({ where: { userId: user.id } })).toBe(0);
    expect(await keysUnder(`u/${user.id}/`)).toEqual(before.keys);
    expect(stripe.subscription(subscriptionId).status).toBe('active');

    expect(stripe.requests.slice(sent).filter((request) => request.path.startsWith('/v1/subscriptions'))).toHaveLength(3);
    expect(await studio.caller(user).privacy.deleteAccount({ email: user.email })).toEqual({ status: 'deleted' });
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
    expect(await keysUnder(`u/${user.id}/`)).toEqual([]);
  });
});

describe('storage down mid-deletion', () => {
  it('is not reported done until every object is gone; the runner resumes it on any instance', async () => {
    const { studio } = billing;
    // The runner is driven here, not by this process's background loop.
    await stopServerRuntime();
    const user = await personWithFiles();
    const keys = await keysUnder(`u/${user.id}/`);
    // The same SDK against an address where nothing answers: every call to the store fails.
    setStorageDriverForTests(createS3Driver({ bucket: s3.bucket, region: s3.region, endpoint: `http://127.0.0.1:${CLOSED_PORT}`, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true }));
    expect(await deleteOwnAccount(studio.db, user.id, user.email)).toEqual({ status: 'deleting' });
    // A second request while it runs: the same answer.
    expect(await deleteOwnAccount(studio.db, user.id, user.email)).toEqual({ status: 'deleting' });
    const running = await studio.db.accountDeletion.findUniqueOrThrow({ where: { userId: user.id } });
    expect(running).toMatchObject({ status: 'running', attempts: 1, finishedAt: null });
    expect(running.lastError).toBeTruthy();
    expect(await studio.db.user.count({ where: { id: user.id } })).toBe(0);
    expect(await keysUnder(`u/${user.id}/`)).toEqual(keys);
    // Still down at the next attempt: still running, tried again later.
    const later = new Date(Date.now() + 60_000);
    expect(await resumeDeletions(studio.db, later)).toBe(0);
    expect(await studio.db.accountDeletion.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ status: 'running', attempts: 2 });

    setStorageDriverForTests(null);
    expect(await resumeDeletions(studio.db, new Date(Date.now() + 10 * 60_000))).toBe(1);
    expect(await keysUnder(`u/${user.id}/`)).toEqual([]);
    expect(await studio.db.accountDeletion.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ status: 'done', lastError: null });
    expect(await deleteOwnAccount(studio.db, user.id, user.email)).toEqual({ status: 'deleted' });
  });
});

describe('two deletes at once', () => {
  it('answer alike, and delete once', async () => {
    const { studio } = billing;
    const user = await personWithFiles();
    const holdersBefore = await studio.db.user.count({ where: { email: { startsWith: 'deleted:' } } });
    const answers = await Promise.all([deleteOwnAccount(studio.db, user.id, user.email), deleteOwnAccount(studio.db, user.id, user.email)]);
    expect(answers).toEqual([{ status: 'deleted' }, { status: 'deleted' }]);
    expect(await studio.db.user.count({ where: { email: { startsWith: 'deleted:' } } })).toBe(holdersBefore + 1);
  });
});

describe('staff delete an account from the console', () => {
  it('with the reason in the audit log, once per form; a reason is required and their own account is refused', async () => {
    const { studio } = billing;
    const admin = await studio.createUser();
    await studio.db.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
    const user = await personWithFiles();
    const staff = studio.caller(admin).admin;
    await expect(staff.deleteUser({ actionId: 'delete-form-0001', userId: user.id, reason: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(staff.deleteUser({ actionId: 'delete-form-0002', userId: admin.id, reason: 'mine' })).rejects.toMatchObject({ message: 'You cannot delete your own account from the console: use Account → Privacy.' });
    expect(await studio.db.user.count({ where: { id: user.id } })).toBe(1);

    expect(await staff.deleteUser({ actionId: 'delete-form-0003', userId: user.id, reason: 'Asked by e-mail to support' })).toEqual({ repeated: false, status: 'deleted' });
    expect(await staff.deleteUser({ actionId: 'delete-form-0003', userId: user.id, reason: 'Asked by e-mail to support' })).toEqual({ repeated: true, status: null });
    const entry = await studio.db.auditEntry.findUniqueOrThrow({ where: { id: 'delete-form-0003' } });
    expect(entry).toMatchObject({ action: 'user.delete', targetType: 'user', targetId: user.id, reason: 'Asked by e-mail to support', actorId: admin.id });
    const books = (entry.after as { books: string }).books;
    expect(await studio.db.user.findUniqueOrThrow({ where: { id: books } })).toMatchObject({ email: `deleted:${books}`, name: null });
    expect(await keysUnder(`u/${user.id}/`)).toEqual([]);
    expect(await studio.db.accountDeletion.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ status: 'done', requestedBy: 'staff' });
    // The audit row names no e-mail of theirs.
    expect(JSON.stringify(entry)).not.toContain(user.email);
  });
});
