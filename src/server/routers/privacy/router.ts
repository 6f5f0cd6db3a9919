import { router } from '~/server/trpc/init';
import { deleteAccount } from './delete-account';
import { exportById } from './export';
import { latestExport } from './latest-export';
import { requestExport } from './request-export';

/** Account → Privacy: the caller's own data. No scope: an API key cannot export or delete an account. */
export const privacyRouter = router({ requestExport, export: exportById, latestExport, deleteAccount });
