/**
 * One attempt of a claimed delivery: signed at the moment it is sent, under the delivery's own id
 * (the same webhook-id on every retry), then recorded with the delivery's next step and the
 * endpoint's health in one transaction, which also keeps the endpoint's log to its newest 100. An
 * endpoint whose every attempt failed for 24 hours is disabled with the reason, and its pending
 * deliveries end with it.
 */
import type { Db } from '~/server/db/client';
import { ATTEMPT_LOG_SIZE } from './endpoints';
import { postCallback, type PostOutcome } from './post';
import { failedForWholeWindow, nextAttemptAt } from './schedule';
import { signedHeaders } from './signing';

/** A claim of this instance: the delivery is touched only while it still holds. */
export type DeliveryClaim = { id: string; claimedUntil: Date };

export async function attemptDelivery(db: Db, claim: DeliveryClaim): Promise<void> {
  const delivery = await db.callbackDelivery.findFirst({
    where: { id: claim.id, status: 'pending', claimedUntil: claim.claimedUntil },
    include: { endpoint: { select: { url: true, secret: true, disabledAt: true } } },
  });
  if (!delivery) return;
  if (delivery.endpoint.disabledAt) {
    await db.callbackDelivery.updateMany({ where: { id: delivery.id, claimedUntil: claim.claimedUntil }, data: { status: 'failed', finishedAt: new Date(), claimedUntil: null } });
    return;
  }
  const body = delivery.payload ?? '{}';
  const outcome = await postCallback(delivery.endpoint.url, signedHeaders(delivery.endpoint.secret, delivery.id, body), body);
  await recordAttempt(db, { ...delivery, claimedUntil: claim.claimedUntil }, outcome, new Date());
}

type Attempted = { id: string; endpointId: string; event: string; attempts: number; createdAt: Date; claimedUntil: Date };

async function recordAttempt(db: Db, delivery: Attempted, outcome: PostOutcome, now: Date): Promise<void> {
  const attempts = delivery.attempts + 1;
  const next = outcome.ok ? null : nextAttemptAt(delivery.createdAt, attempts, now);
  await db.$transaction(async (tx) => {
    const moved = await tx.callbackDelivery.updateMany({
      where: { id: delivery.id, status: 'pending', claimedUntil: delivery.claimedUntil },
      data: outcome.ok
        ? { status: 'delivered', attempts, finishedAt: now, claimedUntil: null }
        : next
          ? { attempts, nextAttemptAt: next, claimedUntil: null }
          : { status: 'failed', attempts, finishedAt: now, claimedUntil: null },
    });
    // Another instance took the delivery over (this one's claim lapsed), or the endpoint was disabled
    // or deleted meanwhile: what they wrote stands.
    if (moved.count === 0) return;
    await tx.callbackAttempt.create({
      data: { endpointId: delivery.endpointId, deliveryId: delivery.id, event: delivery.event, status: outcome.status, error: outcome.error, response: outcome.response, at: now },
    });
    // The log shows the newest ATTEMPT_LOG_SIZE: older ones go, so a busy endpoint's log stays that size.
    await tx.$executeRaw`
      DELETE FROM "CallbackAttempt" WHERE "id" IN (
        SELECT "id" FROM "CallbackAttempt" WHERE "endpointId" = ${delivery.endpointId}
        ORDER BY "at" DESC, "id" DESC OFFSET ${ATTEMPT_LOG_SIZE}
      )`;
    if (outcome.ok) {
      await tx.callbackEndpoint.updateMany({ where: { id: delivery.endpointId, failingSince: { not: null } }, data: { failingSince: null } });
      return;
    }
    await tx.callbackEndpoint.updateMany({ where: { id: delivery.endpointId, failingSince: null }, data: { failingSince: now } });
    const endpoint = await tx.callbackEndpoint.findUniqueOrThrow({ where: { id: delivery.endpointId }, select: { failingSince: true, disabledAt: true } });
    if (endpoint.disabledAt || !endpoint.failingSince || !failedForWholeWindow(endpoint.failingSince, now)) return;
    await tx.callbackEndpoint.update({
      where: { id: delivery.endpointId },
      data: { disabledAt: now, disabledReason: `Every attempt failed for 24 hours. The last one: ${outcome.error ?? 'no answer'}` },
    });
    await tx.callbackDelivery.updateMany({ where: { endpointId: delivery.endpointId, status: 'pending' }, data: { status: 'failed', finishedAt: now, claimedUntil: null } });
  });
}
