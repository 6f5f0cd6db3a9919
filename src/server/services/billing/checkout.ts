/**
 * Starting a checkout: the price comes from our catalogue by id (never from the browser), the
 * session carries our user id (client_reference_id and metadata) and the user's one customer.
 * Maintenance blocks it (purchase for packs, subscription for the plan); without a way to pay it
 * answers 503.
 */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { assertNotInMaintenance } from '~/server/services/maintenance';
import { saleItem } from './catalogue';
import { ensureCustomer } from './customers';
import { checkoutGateway } from './gateway';

export const SUCCESS_PATH = '/billing/success';
export const CANCEL_PATH = '/pricing';

export async function startCheckout(db: Db, userId: string, itemId: string): Promise<{ url: string }> {
  const item = saleItem(itemId);
  await assertNotInMaintenance(db, item.kind === 'pack' ? 'purchase' : 'subscription');
  const gateway = checkoutGateway(db);
  const customerId = await ensureCustomer(db, gateway, userId);
  // The local checkout's pages are ours: relative URLs work on whatever host serves them.
  const origin = gateway.kind === 'local' ? '' : getEnv().appOrigin;
  const session = await gateway.createCheckoutSession({
    item,
    userId,
    customerId,
    successUrl: `${origin}${SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}${CANCEL_PATH}`,
  });
  return { url: session.url };
}
