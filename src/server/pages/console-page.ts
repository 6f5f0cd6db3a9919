/**
 * What the console's pages (/admin/...) read on the server before rendering. For anyone without
 * the role the page needs (signed out, a `user`, a suspended account, support on an admin-only
 * page) the answer is Next's notFound: the same 404 as a page that does not exist, and none of the
 * console's code or texts reach the browser.
 */
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { models } from '~/catalogue';
import { messagesFor, type Messages } from '~/messages';
import { sessionUserFromRequest } from '~/server/auth/session-user';
import { staffAccount } from '~/server/auth/staff';
import { getDb } from '~/server/db/client';
import { PLATFORMS } from '~/server/providers';
import { systemStatus, type SystemStatus } from '~/server/services/system-status';
import type { StaffRole } from '~/utils/staff-roles';

export type ConsolePageProps = { messages: Messages; signedIn: true; systemStatus: SystemStatus; role: StaffRole };

type Context = Pick<GetServerSidePropsContext, 'req' | 'locale'>;

export async function consolePageProps(context: Context, needed: StaffRole = 'support'): Promise<GetServerSidePropsResult<ConsolePageProps>> {
  const [db, user] = await Promise.all([getDb(), sessionUserFromRequest(context.req)]);
  const staff = await staffAccount(db, user, needed);
  if (!staff) return { notFound: true };
  return { props: { messages: messagesFor(context.locale), signedIn: true, systemStatus: await systemStatus(db), role: staff.role } };
}

/** The jobs page's filter choices: every model of the catalogue and every provider. */
export function jobFilterChoices(): { models: string[]; platforms: string[] } {
  return { models: models.map((model) => model.id), platforms: [...PLATFORMS] };
}
