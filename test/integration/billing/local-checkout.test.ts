/**
 * The local checkout (issue 19 item 14): without Stripe keys in development, Pay on a page of ours
 * sends locally signed, Stripe-shaped events through the same webhook handler and ledger door.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

function configure(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

async function localCheckout(user: StudioUser, item: string): Promise<string> {
  const { url } = await studio.caller(user).billing.checkout({ item });
  const match = /^\/billing\/local-checkout\?session=(cs_local_[a-z0-9]+)$/.exec(url);
  expect(match, url).not.toBeNull();
  return match![1]!;
}

describe('the local checkout', () => {
  it('is on in development without keys, and says so', async () => {
    expect((await studio.caller(null).billing.offer()).checkout).toBe('local');
    expect((await studio.caller(null).system.status()).localCheckout).toBe(true);
  });

  it('Pay grants the pack once, however often it is pressed or the success page replayed', async () => {
    const user = await studio.createUser({ credits: 2 });
    const sessionId = await localCheckout(user, 'credits-500');
    expect(await studio.caller(user).billing.localSession({ sessionId })).toEqual({
      id: sessionId,
      item: 'credits-500',
      kind: 'pack',
      credits: 500,
      amount: 500,
      currency: 'usd',
      state: 'open',
      successUrl: `/billing/success?session_id=${sessionId}`,
      cancelUrl: '/pricing',
    });
    expect(await studio.balance(user)).toBe(2);
    const paid = await Promise.all(Array.from({ length: 5 }, () => studio.caller(user).billing.localPay({ sessionId })));
    expect(new Set(paid.map((p) => p.successUrl))).toEqual(new Set([`/billing/success?session_id=${sessionId}`]));
    expect(await studio.balance(user)).toBe(502);
    expect((await studio.caller(user).billing.localSession({ sessionId })).state).toBe('complete');
    expect(await studio.caller(user).billing.confirm({ sessionId })).toEqual({ state: 'granted', credits: 500, balance: 502, item: 'credits-500' });
    expect(await studio.caller(user).billing.confirm({ sessionId })).toEqual({ state: 'granted', credits: 500, balance: 502, item: 'credits-500' });
    const rows = await studio.db.creditLedgerEntry.findMany({ where: { userId: user.id, reason: 'purchase_grant' } });
    expect(rows.map((r) => [r.amount, r.providerObjectId])).toEqual([[500, sessionId]]);
    expect((await studio.caller(user).billing.purchases({})).items).toEqual([
      expect.objectContaining({ id: sessionId, kind: 'pack', item: 'credits-500', credits: 500, amount: 500, currency: 'usd', status: 'paid' }),
    ]);
  });

  it('the success page before Pay says unpaid and grants nothing; Cancel changes nothing', async () => {
    const user = await studio.createUser();
    const sessionId = await localCheckout(user, 'credits-1200');
    expect(await studio.caller(user).billing.confirm({ sessionId })).toEqual({ state: 'unpaid', credits: 0, balance: 0, item: 'credits-1200' });
    expect(await studio.balance(user)).toBe(0);
  });

  it("another user can neither read nor pay someone's session", async () => {
    const buyer = await studio.createUser();
    const other = await studio.createUser();
    const sessionId = await localCheckout(buyer, 'credits-500');
    await expect(studio.caller(other).billing.localSession({ sessionId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(studio.caller(other).billing.localPay({ sessionId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(studio.caller(other).billing.confirm({ sessionId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await studio.balance(buyer)).toBe(0);
    expect(await studio.balance(other)).toBe(0);
  });

  it('the plan: Pay gives the first month and premium; the portal is the local page', async () => {
    const user = await studio.createUser();
    const sessionId = await localCheckout(user, 'premium-monthly');
    expect(await studio.caller(user).billing.localSession({ sessionId })).toMatchObject({ kind: 'plan', credits: 1000, amount: 1200 });
    // Pressed five times at once: one subscription, one first month.
    await Promise.all(Array.from({ length: 5 }, () => studio.caller(user).billing.localPay({ sessionId })));
    expect(await studio.balance(user)).toBe(1000);
    expect(await studio.db.localPaymentObject.count({ where: { userId: user.id, type: 'subscription' } })).toBe(1);
    const status = await studio.caller(user).billing.status();
    expect(status).toMatchObject({ premium: true, hasCustomer: true, subscription: { status: 'active', cancelAtPeriodEnd: false, premiumUntil: null } });
    expect(await studio.caller(user).billing.confirm({ sessionId })).toEqual({ state: 'granted', credits: 1000, balance: 1000, item: 'premium-monthly' });
    expect(await studio.caller(user).billing.portal()).toEqual({ url: '/billing/local-portal' });
    expect(await studio.db.creditLedgerEntry.count({ where: { userId: user.id, reason: 'plan_grant' } })).toBe(1);
  });

  it('the local portal cancels at period end, resumes and cancels now, premium following each', async () => {
    const user = await studio.createUser();
    const caller = studio.caller(user);
    await expect(caller.billing.localPortalAction({ action: 'cancel_now' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'You have no subscription to manage.' });
    const sessionId = await localCheckout(user, 'premium-monthly');
    await caller.billing.localPay({ sessionId });
    const atEnd = await caller.billing.localPortalAction({ action: 'cancel_at_period_end' });
    expect(atEnd).toMatchObject({ premium: true, subscription: { status: 'active', cancelAtPeriodEnd: true } });
    expect(atEnd.subscription!.premiumUntil).toEqual(atEnd.subscription!.currentPeriodEnd);
    expect(await caller.billing.localPortalAction({ action: 'resume' })).toMatchObject({ premium: true, subscription: { cancelAtPeriodEnd: false, premiumUntil: null } });
    expect(await caller.billing.localPortalAction({ action: 'cancel_now' })).toMatchObject({ premium: false, subscription: { status: 'canceled' } });
    expect((await caller.user.details()).premium).toBe(false);
    expect(await studio.balance(user)).toBe(1000);
  });

  it('LOCAL_CHECKOUT decides: off leaves development without purchases, on forces it in production', async () => {
    try {
      configure({ LOCAL_CHECKOUT: 'off' });
      expect((await studio.caller(null).billing.offer()).checkout).toBe('off');
      const user = await studio.createUser();
      await expect(studio.caller(user).billing.checkout({ item: 'credits-500' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Purchases are not available right now.' });
      configure({ LOCAL_CHECKOUT: 'on', NODE_ENV: 'production', TIME_SCALE: '1', NEXTAUTH_SECRET: 'a-production-secret' });
      expect((await studio.caller(null).billing.offer()).checkout).toBe('local');
      expect((await studio.caller(null).system.status()).localCheckout).toBe(true);
    } finally {
      configure({ LOCAL_CHECKOUT: undefined, NODE_ENV: 'test', TIME_SCALE: '0.01', NEXTAUTH_SECRET: undefined });
    }
  });
});
