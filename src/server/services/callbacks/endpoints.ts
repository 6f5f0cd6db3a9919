/**
 * A user's callback endpoints: add (the signing secret answered once), list, delete, the log of
 * their last attempts, and a test event. Another user's endpoint does not exist.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import type { CallbackEvent } from '~/utils/callback-events';
import { assertCallbackUrl } from './address';
import { newCallbackSecret, newDeliveryId } from './signing';

export const MAX_CALLBACK_ENDPOINTS = 10;
/** How many attempts an endpoint's log shows. */
export const ATTEMPT_LOG_SIZE = 100;
/** The event name of a test delivery; its body says it is a test. */
export const TEST_EVENT = 'test';

export type CallbackEndpointView = {
  id: string;
  url: string;
  events: CallbackEvent[];
  createdAt: Date;
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
};

export type CallbackAttemptView = { id: string; deliveryId: string; event: string; status: number | null; error: string | null; response: string | null; at: Date };

const VIEW_COLUMNS = { id: true, url: true, events: true, createdAt: true, failingSince: true, disabledAt: true, disabledReason: true } as const;

function toView(row: Omit<CallbackEndpointView, 'events'> & { events: string[] }): CallbackEndpointView {
  return { ...row, events: row.events as CallbackEvent[] };
}

async function ownEndpoint(db: Db, userId: string, id: string): Promise<CallbackEndpointView> {
  const row = await db.callbackEndpoint.findFirst({ where: { id, userId }, select: VIEW_COLUMNS });
  if (!row) throw new AppError('not_found', 'No such endpoint.');
  return toView(row);
}

export async function createCallbackEndpoint(db: Db, userId: string, input: { url: string; events: CallbackEvent[] }): Promise<{ endpoint: CallbackEndpointView; secret: string }> {
  const url = await assertCallbackUrl(input.url);
  const secret = newCallbackSecret();
  const row = await db.$transaction(async (tx) => {
    // The owner's row, locked: two adds at once count each other's endpoint, so the limit holds.
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    if ((await tx.callbackEndpoint.count({ where: { userId } })) >= MAX_CALLBACK_ENDPOINTS) {
      throw new AppError('validation_failed', `You already have ${MAX_CALLBACK_ENDPOINTS} endpoints. Delete one before adding another.`);
    }
    return tx.callbackEndpoint.create({ data: { userId, url: url.href, events: [...new Set(input.events)], secret }, select: VIEW_COLUMNS });
  });
  return { endpoint: toView(row), secret };
}

/** The user's endpoints, newest first, disabled ones with why. */
export async function listCallbackEndpoints(db: Db, userId: string): Promise<CallbackEndpointView[]> {
  const rows = await db.callbackEndpoint.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: VIEW_COLUMNS });
  return rows.map(toView);
}

/** Deletes the endpoint with its pending deliveries and its log: nothing more is sent to it. */
export async function deleteCallbackEndpoint(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db.callbackEndpoint.deleteMany({ where: { id, userId } });
  if (deleted.count === 0) throw new AppError('not_found', 'No such endpoint.');
}

/**
 * Turns a disabled endpoint back on, keeping its URL and secret so the receiver need not change:
 * events from now on are delivered again. The deliveries that ended with the disabling stay ended
 * (their 24 hours are over). The address is checked again, as at save: what it resolves to may
 * have changed while it was off.
 */
export async function enableCallbackEndpoint(db: Db, userId: string, id: string): Promise<CallbackEndpointView> {
  const endpoint = await ownEndpoint(db, userId, id);
  if (!endpoint.disabledAt) return endpoint;
  await assertCallbackUrl(endpoint.url);
  const row = await db.callbackEndpoint.update({
    where: { id },
    data: { disabledAt: null, disabledReason: null, failingSince: null },
    select: VIEW_COLUMNS,
  });
  return toView(row);
}

/** The endpoint's newest attempts, newest first. */
export async function listCallbackAttempts(db: Db, userId: string, endpointId: string): Promise<CallbackAttemptView[]> {
  await ownEndpoint(db, userId, endpointId);
  return db.callbackAttempt.findMany({
    where: { endpointId },
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: ATTEMPT_LOG_SIZE,
    select: { id: true, deliveryId: true, event: true, status: true, error: true, response: true, at: true },
  });
}

/** Queues a test delivery to the endpoint, sent and retried as any other; answers its webhook-id. */
export async function sendTestEvent(db: Db, userId: string, endpointId: string, now = new Date()): Promise<{ deliveryId: string }> {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  if (endpoint.disabledAt) throw new AppError('validation_failed', 'This endpoint is disabled. Enable it again to receive events.');
  const id = newDeliveryId();
  const payload = JSON.stringify({ type: TEST_EVENT, endpointId, sentAt: now.toISOString() });
  await db.callbackDelivery.create({ data: { id, endpointId, event: TEST_EVENT, payload, nextAttemptAt: now } });
  return { deliveryId: id };
}
