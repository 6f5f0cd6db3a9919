/** The local checkout's stand-in for Stripe's billing portal (only while the local checkout is on). */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { assertNotInMaintenance } from '~/server/services/maintenance';
import { actOnLocalSubscription, type LocalPortalAction } from './local-checkout';
import { billingStatus } from './status';

export async function localPortalAction(db: Db, userId: string, action: LocalPortalAction) {
  await assertNotInMaintenance(db, 'subscription');
  if (getEnv().checkout !== 'local') throw new AppError('not_found', 'You have no subscription to manage.');
  await actOnLocalSubscription(db, userId, action);
  return billingStatus(db, userId);
}
