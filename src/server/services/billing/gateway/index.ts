/**
 * Which gateway serves a request: new checkouts go where env.ts's checkout mode says; read-backs
 * go where the object was made (local ids carry a mark), so a local session stays readable even
 * after keys are set, and a real one never reaches the local store.
 */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { isLocalObjectId, localGateway } from './local';
import { stripeGateway } from './stripe';
import type { PaymentGateway } from './types';

export type { PaymentGateway, RetrievedSession, CheckoutRequest } from './types';

/** The gateway new checkouts and portal sessions use; 'off' refuses with 503. */
export function checkoutGateway(db: Db): PaymentGateway {
  const mode = getEnv().checkout;
  if (mode === 'off') throw new AppError('payments_unavailable');
  return mode === 'local' ? localGateway(db) : stripeGateway;
}

/** The gateway that made this object (and so can read it back). */
export function gatewayFor(db: Db, objectId: string): PaymentGateway {
  return isLocalObjectId(objectId) ? localGateway(db) : stripeGateway;
}
