/**
 * The Stripe webhook at the edge: raw body (Next's parser off, size-capped), the signature header,
 * and the billing service's answer written as it is (json-answer.ts: without the ETag Next's
 * res.json hashes for every answer, which Stripe never asks for). Never blocked by maintenance:
 * payments made before the switch must still be granted. It needs nothing of Next's request (plain
 * node:http types), so the production server answers it before Next's pipeline (direct-routes.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '~/server/db/client';
import { asAppError, retryAfterFor } from '~/server/errors';
import { ensureServerRuntime } from '~/server/runtime';
import { receiveStripeWebhook } from '~/server/services/billing/webhook';
import { frozenJsonText, sendJson, sendJsonText } from './json-answer';
import { readWebhookBody } from './webhook-body';

/** Stripe's events are a few kilobytes; a checkout session with many line items stays far below this. */
const STRIPE_BODY_LIMIT = 512 * 1024;

/** The service's 200 answers are frozen, one per outcome: each one's JSON is made once. */
const answerJson = frozenJsonText();

export async function stripeWebhookRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readWebhookBody(req, res, STRIPE_BODY_LIMIT);
  if (!raw) return;
  const signature = req.headers['stripe-signature'];
  try {
    const db = await getDb();
    // An instance that only hears from Stripe still runs its background parts (the premium sweep).
    ensureServerRuntime(db);
    const answer = await receiveStripeWebhook(db, raw, Array.isArray(signature) ? signature[0] : signature);
    if (answer.retryAfterSeconds) res.setHeader('Retry-After', String(answer.retryAfterSeconds));
    sendJsonText(res, answer.status, answerJson(answer.body) ?? JSON.stringify(answer.body));
  } catch (error) {
    // The database could not even be reached: Stripe delivers again on a 5xx.
    const retryAfter = retryAfterFor(asAppError(error)?.code ?? 'internal');
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    sendJson(res, 503, { ok: false, error: 'try_again' });
  }
}
