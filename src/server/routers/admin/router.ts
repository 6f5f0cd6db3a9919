/**
 * The operator's console: every procedure behind the support or admin door (trpc/procedures.ts),
 * so a caller without the role is answered as if none of them existed. Over HTTP the tRPC route
 * answers each caller from the router of their role (trpc/root.ts), so even a request with the
 * wrong method reads as one to a path that names no procedure.
 */
import { router } from '~/server/trpc/init';
import { adjustCredits } from './adjust-credits';
import { audit } from './audit';
import { cancelJob } from './cancel-job';
import { deleteUser } from './delete-user';
import { jobs } from './jobs';
import { maintenance } from './maintenance';
import { moderate } from './moderate';
import { moderationQueue } from './moderation-queue';
import { overview } from './overview';
import { purchases } from './purchases';
import { reconcilePayments } from './reconcile-payments';
import { refundPurchase } from './refund-purchase';
import { refundJob } from './refund-job';
import { rerunJob } from './rerun-job';
import { searchUsers } from './search-users';
import { setMaintenance } from './set-maintenance';
import { setPremium } from './set-premium';
import { setRole } from './set-role';
import { setSuspended } from './set-suspended';
import { subscriptions } from './subscriptions';
import { user } from './user';
import { userLedger } from './user-ledger';
import { userPurchases } from './user-purchases';

/** What support may do: the overview, look up users and jobs, cancel and refund jobs, see payments and maintenance, moderate. */
const supportProcedures = { overview, searchUsers, user, userLedger, userPurchases, jobs, maintenance, cancelJob, refundJob, purchases, subscriptions, moderationQueue, moderate };

/** What only admins may do: grants, premium, suspension, roles, deleting an account, the audit log, maintenance, re-runs, reconciling and refunding payments. */
const adminOnlyProcedures = { adjustCredits, setPremium, setSuspended, setRole, deleteUser, audit, setMaintenance, rerunJob, reconcilePayments, refundPurchase };

export const adminRouter = router({ ...supportProcedures, ...adminOnlyProcedures });

/** The console as support sees it: the admin-only procedures answer them as paths that name none. */
export const supportRouter = router(supportProcedures);
