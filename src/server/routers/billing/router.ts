import { router } from '~/server/trpc/init';
import { checkout } from './checkout';
import { confirm } from './confirm';
import { localPay } from './local-pay';
import { localPortalAction } from './local-portal-action';
import { localSession } from './local-session';
import { offer } from './offer';
import { portal } from './portal';
import { purchases } from './purchases';
import { status } from './status';

export const billingRouter = router({ offer, status, checkout, portal, confirm, purchases, localSession, localPay, localPortalAction });
