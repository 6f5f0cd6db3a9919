/** Where the console's pages live; every link to them uses these. */
import { ADMIN_PATH } from '~/utils/staff-roles';

export const CONSOLE_PATHS = {
  overview: ADMIN_PATH,
  users: `${ADMIN_PATH}/users`,
  jobs: `${ADMIN_PATH}/jobs`,
  payments: `${ADMIN_PATH}/payments`,
  moderation: `${ADMIN_PATH}/moderation`,
  audit: `${ADMIN_PATH}/audit`,
} as const;

export function userPath(userId: string): string {
  return `${CONSOLE_PATHS.users}/${encodeURIComponent(userId)}`;
}
