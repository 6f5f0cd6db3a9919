/**
 * The secrets webhook events are verified with: Stripe's endpoint secret, and while the local
 * checkout is on, a local secret derived from the server's own (the same on every instance, never
 * configured, never valid for anything else).
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { getEnv } from '~/env';

/** How old a signature may be (Stripe's own default): a replay of a captured delivery is refused after it. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function localCheckoutSecret(): string {
  return `whsec_local_${createHmac('sha256', getEnv().secret).update('studio local checkout events').digest('base64url')}`;
}

export function webhookSecrets(): string[] {
  const env = getEnv();
  return [...(env.STRIPE_WEBHOOK_SECRET ? [env.STRIPE_WEBHOOK_SECRET] : []), ...(env.checkout === 'local' ? [localCheckoutSecret()] : [])];
}

/** Signs a payload exactly as Stripe does (the local checkout's events). */
export function signLocally(payload: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: localCheckoutSecret() });
}

export type Verified = { ok: true; payload: unknown } | { ok: false; reason: 'not_configured' | 'bad_signature' | 'stale_signature'; message: string };

/** Verifies a delivery's signature against each secret in turn (by the SDK). */
export function verifyDelivery(rawBody: Buffer | string, signature: string | undefined, nowSeconds?: number): Verified {
  const secrets = webhookSecrets();
  if (secrets.length === 0) return { ok: false, reason: 'not_configured', message: 'Payments are not configured: no webhook secret.' };
  if (!signature) return { ok: false, reason: 'bad_signature', message: 'No Stripe-Signature header.' };
  let stale = false;
  for (const secret of secrets) {
    try {
      const event = Stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, nowSeconds);
      return { ok: true, payload: event };
    } catch (error) {
      // The SDK's texts vary by version: ours name the two cases people must tell apart.
      if (/tolerance/i.test(error instanceof Error ? error.message : String(error))) stale = true;
    }
  }
  return stale
    ? { ok: false, reason: 'stale_signature', message: 'The signature is too old (its timestamp is outside the tolerance): nothing recorded.' }
    : { ok: false, reason: 'bad_signature', message: 'The signature does not match the payload (another secret, or a changed body): nothing recorded.' };
}
