/** "Manage subscription": the provider's billing portal for the user's customer. */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { assertNotInMaintenance } from '~/server/services/maintenance';
import { ensureCustomer } from './customers';
import { checkoutGateway } from './gateway';

export const PORTAL_RETURN_PATH = '/account/billing';

export async function openPortal(db: Db, userId: string): Promise<{ url: string }> {
  await assertNotInMaintenance(db, 'subscription');
  const gateway = checkoutGateway(db);
  const customerId = await ensureCustomer(db, gateway, userId);
  return { url: await gateway.createPortalSession(customerId, `${getEnv().appOrigin}${PORTAL_RETURN_PATH}`) };
}
