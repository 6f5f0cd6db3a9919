/**
 * A Stripe webhook delivery, from its raw body to its answer (the route at the edge only reads the
 * body and writes this answer):
 *
 *   signature (400 when bad or stale: nothing recorded)
 *   → the event (200 and ignored when its type is not ours; 200 when already recorded)
 *   → what it needs, read back from the provider (skipped for an event recorded already)
 *   → ONE transaction: the event id recorded and its effect written (ledger rows keyed by the
 *     provider's object, so the same payment under another event id moves nothing again); a
 *     pack's grant is one statement that records the event itself (pack-grant.ts)
 *
 * A payment we must refuse (unknown item, amount below the price, user deleted) answers 422 with
 * the reason and records nothing; an object that is not ours (ours.ts: another integration's, a
 * Dashboard subscription, no user of ours) answers 200 `not_ours`, recorded and logged once; a
 * failure we can recover from (the provider or the database away) answers 5xx so Stripe delivers
 * again.
 */
import { ZodError } from 'zod';
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';
import { asAppError, retryAfterFor } from '~/server/errors';
import { EVENT_HANDLERS, NOT_OURS } from './events';
import { eventShape } from './shapes';
import { verifyDelivery } from './signing';

export type WebhookAnswer = {
  status: 200 | 400 | 422 | 500 | 503;
  retryAfterSeconds?: number;
  body: { ok: boolean; outcome?: string; error?: string; message?: string };
};

const deliveryId = (eventId: string) => `stripe:${eventId}`;

/**
 * The 200 answers, one frozen object per outcome (the handlers' few names), so the edge can write
 * each one's JSON once rather than once per delivery (src/server/http/json-answer.ts).
 */
const OK_ANSWERS = new Map<string, WebhookAnswer>();

function okAnswer(outcome: string): WebhookAnswer {
  let answer = OK_ANSWERS.get(outcome);
  if (!answer) {
    answer = Object.freeze({ status: 200, body: Object.freeze({ ok: true, outcome }) });
    OK_ANSWERS.set(outcome, answer);
  }
  return answer;
}

/** Under load a delivery may wait for a connection: longer than Prisma's 2 s, well inside Stripe's own timeout. */
const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 15_000 };

export async function receiveStripeWebhook(db: Db, rawBody: Buffer | string, signature: string | undefined): Promise<WebhookAnswer> {
  const verified = verifyDelivery(rawBody, signature);
  if (!verified.ok) {
    return verified.reason === 'not_configured'
      ? { status: 503, body: { ok: false, error: verified.reason, message: verified.message } }
      : { status: 400, body: { ok: false, error: verified.reason, message: verified.message } };
  }
  const parsed = eventShape.safeParse(verified.payload);
  if (!parsed.success) return { status: 400, body: { ok: false, error: 'bad_event', message: 'The payload is not a Stripe event.' } };
  const event = parsed.data;
  const handler = EVENT_HANDLERS[event.type];
  if (!handler) return okAnswer('ignored');
  try {
    const key = deliveryId(event.id);
    let plan = handler(db, event);
    if (plan.kind === 'read_back') {
      // A replay costs one indexed read, not another call to the provider.
      const known = await queryDirect(db, Prisma.sql`SELECT 1 AS "one" FROM "WebhookDelivery" WHERE "id" = ${key}`);
      if (known.length > 0) return okAnswer('duplicate');
      plan = await plan.then();
    }
    const effect = plan;
    const outcome =
      effect.kind === 'statement'
        ? await effect.apply(db, key)
        : await db.$transaction(async (tx) => {
            // A parallel delivery of the same event waits here for the first one's commit, then finds it.
            const recorded = await tx.webhookDelivery.createMany({ data: [{ id: key, provider: 'stripe' }], skipDuplicates: true });
            if (recorded.count === 0) return 'duplicate';
            return effect.apply(tx);
          }, TRANSACTION_LIMITS);
    // Recorded with the event, so its replays answer `duplicate`: said once, here.
    if (outcome === NOT_OURS) console.info(`[billing] ${event.type} ${event.id}: ${describeObject(event)} is not ours (not made by our checkout, or no user of ours): nothing changed.`);
    return okAnswer(outcome);
  } catch (error) {
    return failureAnswer(event.type, event.id, error);
  }
}

/** 'subscription sub_123' */
function describeObject(event: { data: { object: Record<string, unknown> } }): string {
  const { object, id } = event.data.object;
  return `${typeof object === 'string' ? object : 'object'} ${typeof id === 'string' ? id : '?'}`;
}

function failureAnswer(type: string, eventId: string, error: unknown): WebhookAnswer {
  const appError = asAppError(error);
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ZodError) {
    console.error(`[billing] ${type} ${eventId} refused: its object is not in the shape we read.`);
    return { status: 422, body: { ok: false, error: 'bad_event', message: `The ${type} event's object is not in the shape we read: nothing recorded.` } };
  }
  if (appError && (appError.code === 'validation_failed' || appError.code === 'not_found')) {
    console.error(`[billing] ${type} ${eventId} refused: ${message}`);
    return { status: 422, body: { ok: false, error: appError.code, message: appError.message } };
  }
  console.error(`[billing] ${type} ${eventId} failed (the provider will deliver it again): ${message}`);
  const retryAfter = appError ? retryAfterFor(appError.code) : undefined;
  const status = appError?.code === 'database_unavailable' || appError?.code === 'payments_unavailable' ? 503 : 500;
  return { status, ...(retryAfter ? { retryAfterSeconds: retryAfter } : {}), body: { ok: false, error: 'try_again' } };
}
