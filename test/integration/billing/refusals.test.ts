/**
 * What the webhook and the procedures refuse, and that a refusal grants and records nothing:
 * forged or stale signatures, payments we cannot honour (unknown pack, amount below the price,
 * a deleted user), maintenance (checkout and portal refused, webhooks still processed),
 * production without keys (503), and failures Stripe must retry (5xx).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import type { StudioUser } from '@test/helpers/studio';

let billing: BillingStudio;

beforeAll(async () => {
  billing = await startBillingStudio();
});

afterAll(async () => {
  await billing?.stop();
});

const MAINTENANCE = 'System is under maintenance. Expected downtime: 6 hours. Please try again later.';

/** Switches the deployment's configuration for the duration of `run`. */
async function configured<T>(env: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  };
  apply(env);
  try {
    return await run();
  } finally {
    apply(saved);
  }
}

async function paidPack(item = 'credits-500'): Promise<{ user: StudioUser; sessionId: string; session: Record<string, unknown> }> {
  const { studio, stripe } = billing;
  const user = await studio.createUser({ credits: 1 });
  const { sessionId } = await billing.checkout(user, item);
  const { session } = stripe.pay(sessionId);
  return { user, sessionId, session };
}

async function recorded(eventId: string): Promise<boolean> {
  return (await billing.studio.db.webhookDelivery.count({ where: { id: `stripe:${eventId}` } })) === 1;
}

describe('signatures', () => {
  it('refuses a signature made with another secret: 400, nothing recorded or granted', async () => {
    const { stripe, studio } = billing;
    const { user, session } = await paidPack();
    const event = stripe.event('checkout.session.completed', session);
    const answer = await stripe.send(event, { secret: 'whsec_not_the_endpoints_secret' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ ok: false, error: 'bad_signature', message: 'The signature does not match the payload (another secret, or a changed body): nothing recorded.' });
    expect(await recorded(event.id as string)).toBe(false);
    expect(await studio.balance(user)).toBe(1);
    // The same event, properly signed, is then processed.
    expect((await stripe.send(event)).body.outcome).toBe('granted');
  });

  it('refuses a payload changed after signing, a missing header and a garbage header', async () => {
    const { stripe, studio } = billing;
    const { user, session } = await paidPack();
    const event = stripe.event('checkout.session.completed', session);
    const otherPayload = JSON.stringify({ ...event, id: 'evt_other' }, null, 2);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: otherPayload, secret: stripe.webhookSecret });
    expect((await stripe.send(event, { signature: forged })).status).toBe(400);
    expect((await stripe.send(event, { signature: 'garbage' })).body.error).toBe('bad_signature');
    const bare = await fetch(`${studio.server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ ok: false, error: 'bad_signature', message: 'No Stripe-Signature header.' });
    expect(await studio.balance(user)).toBe(1);
    expect(await recorded(event.id as string)).toBe(false);
  });

  it('refuses a stale timestamp (a captured delivery replayed an hour later)', async () => {
    const { stripe, studio } = billing;
    const { user, session } = await paidPack();
    const event = stripe.event('checkout.session.completed', session);
    const answer = await stripe.send(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(answer).toEqual({ status: 400, body: { ok: false, error: 'stale_signature', message: 'The signature is too old (its timestamp is outside the tolerance): nothing recorded.' } });
    expect(await recorded(event.id as string)).toBe(false);
    expect(await studio.balance(user)).toBe(1);
  });

  it('answers other methods 405 and oversized bodies 413', async () => {
    const url = `${billing.studio.server.url}/api/webhooks/stripe`;
    const get = await fetch(url);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const big = await fetch(url, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x' }, body: 'x'.repeat(600 * 1024) });
    expect(big.status).toBe(413);
  });
});

describe('payments we cannot honour', () => {
  it('an unknown pack id: 422 with the reason, nothing granted or recorded', async () => {
    const { stripe, studio } = billing;
    const { user, session, sessionId } = await paidPack();
    const event = stripe.event('checkout.session.completed', { ...session, metadata: { userId: user.id, item: 'credits-999999' } });
    expect(await stripe.send(event)).toEqual({
      status: 422,
      body: { ok: false, error: 'validation_failed', message: `Checkout session ${sessionId} is for an unknown pack "credits-999999": nothing granted.` },
    });
    expect(await recorded(event.id as string)).toBe(false);
    expect(await studio.balance(user)).toBe(1);
    expect(await studio.db.purchase.count({ where: { userId: user.id } })).toBe(0);
  });

  it('metadata naming a dearer pack than was paid for: refused; extra credits in metadata: ignored', async () => {
    const { stripe, studio } = billing;
    const { user, session, sessionId } = await paidPack('credits-500');
    const dearer = stripe.event('checkout.session.completed', { ...session, metadata: { userId: user.id, item: 'credits-3000' } });
    expect(await stripe.send(dearer)).toEqual({
      status: 422,
      body: { ok: false, error: 'validation_failed', message: `Payment ${sessionId} paid 500 usd for credits-3000, which costs 2000 usd: nothing granted.` },
    });
    expect(await studio.balance(user)).toBe(1);
    const inflated = stripe.event('checkout.session.completed', { ...session, metadata: { userId: user.id, item: 'credits-500', credits: '999999', amount: '1' } });
    expect((await stripe.send(inflated)).body.outcome).toBe('granted');
    expect(await studio.balance(user)).toBe(501);
  });

  it('a session whose user ids disagree is refused', async () => {
    const { stripe, studio } = billing;
    const { user, session, sessionId } = await paidPack();
    const other = await studio.createUser();
    const event = stripe.event('checkout.session.completed', { ...session, metadata: { userId: other.id, item: 'credits-500' } });
    expect(await stripe.send(event)).toMatchObject({ status: 422, body: { message: `Checkout session ${sessionId} names two different users: nothing granted.` } });
    expect(await studio.balance(user)).toBe(1);
    expect(await studio.balance(other)).toBe(0);
  });

  it('a deleted user: 422 naming them, nothing granted or recorded', async () => {
    const { stripe, studio } = billing;
    const { user, session, sessionId } = await paidPack();
    await studio.db.user.delete({ where: { id: user.id } });
    const event = stripe.event('checkout.session.completed', session);
    expect(await stripe.send(event)).toEqual({
      status: 422,
      body: { ok: false, error: 'not_found', message: `User ${user.id} of payment ${sessionId} does not exist (deleted?): nothing granted.` },
    });
    expect(await recorded(event.id as string)).toBe(false);
    expect(await studio.db.purchase.count({ where: { id: sessionId } })).toBe(0);
    expect(await studio.db.creditLedgerEntry.count({ where: { providerObjectId: sessionId } })).toBe(0);
  });

  it('answers 200 to event types it does not handle, and records nothing for them', async () => {
    const { stripe } = billing;
    const event = stripe.event('customer.created', { id: 'cus_x', object: 'customer' });
    expect(await stripe.send(event)).toEqual({ status: 200, body: { ok: true, outcome: 'ignored' } });
    expect(await recorded(event.id as string)).toBe(false);
  });
});

describe('failures Stripe retries', () => {
  it('a read-back that fails answers 500 and records nothing; the redelivery then applies', async () => {
    const { stripe, studio } = billing;
    const user = await studio.createUser();
    const { sessionId } = await billing.checkout(user, 'premium-monthly');
    const { subscription } = stripe.pay(sessionId);
    const event = stripe.event('customer.subscription.created', subscription!);
    // The SDK retries twice on its own: three failures in a row reach us.
    stripe.failNext('/v1/subscriptions', 500, 3);
    expect(await stripe.send(event)).toEqual({ status: 500, body: { ok: false, error: 'try_again' } });
    expect(await recorded(event.id as string)).toBe(false);
    expect((await studio.caller(user).user.details()).premium).toBe(false);
    expect(await stripe.send(event)).toMatchObject({ status: 200, body: { outcome: 'premium_on' } });
    expect((await studio.caller(user).user.details()).premium).toBe(true);
  });
});

describe('maintenance', () => {
  it('refuses checkout and the portal with the maintenance error, and still processes webhooks', async () => {
    const { stripe, studio } = billing;
    const { user, session, sessionId } = await paidPack();
    await configured({ MAINTENANCE_ENABLED: 'true' }, async () => {
      const before = stripe.requests.length;
      for (const item of ['credits-500', 'premium-monthly']) {
        await expect(studio.caller(user).billing.checkout({ item })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: MAINTENANCE });
      }
      await expect(studio.caller(user).billing.portal()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: MAINTENANCE });
      expect(stripe.requests.length).toBe(before);
      // A payment made before the switch is still granted, by the webhook and by the success page.
      expect((await stripe.send(stripe.event('checkout.session.completed', session))).body.outcome).toBe('granted');
      expect(await studio.caller(user).billing.confirm({ sessionId })).toMatchObject({ state: 'granted', balance: 501 });
    });
  });
});

describe('production without keys', () => {
  it('says purchases are off, answers the procedures 503 and the webhook 503, granting nothing', async () => {
    const { studio } = billing;
    const user = await studio.createUser();
    await configured(
      { NODE_ENV: 'production', TIME_SCALE: '1', NEXTAUTH_SECRET: 'a-production-secret', STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_BASE_URL: undefined },
      async () => {
        expect((await studio.caller(null).billing.offer()).checkout).toBe('off');
        expect((await studio.caller(null).system.status()).localCheckout).toBe(false);
        const unavailable = { code: 'SERVICE_UNAVAILABLE', message: 'Purchases are not available right now.' };
        await expect(studio.caller(user).billing.checkout({ item: 'credits-500' })).rejects.toMatchObject(unavailable);
        await expect(studio.caller(user).billing.checkout({ item: 'premium-monthly' })).rejects.toMatchObject(unavailable);
        await expect(studio.caller(user).billing.portal()).rejects.toMatchObject(unavailable);
        const response = await fetch(`${studio.server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x' }, body: '{}' });
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ ok: false, error: 'not_configured', message: 'Payments are not configured: no webhook secret.' });
      },
    );
    expect(await studio.balance(user)).toBe(0);
  });
});
