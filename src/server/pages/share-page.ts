/**
 * The share page's server side (/c/{id}): the creation as this visitor may see it, or the one
 * "not found" every other case gets (private, deleted, unknown: no existence oracle), and headers
 * that let no cache keep the page (a creation turned private must stop showing at once).
 */
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { getEnv } from '~/env';
import { messagesFor, type Messages } from '~/messages';
import { sessionUserFromRequest } from '~/server/auth/session-user';
import { getDb } from '~/server/db/client';
import { generationIdInput } from '~/server/routers/ids.schema';
import { readSharedCreation, type SharedCreation } from '~/server/services/creations/sharing';
import { systemStatus, type SystemStatus } from '~/server/services/system-status';

/** What the page renders: the creation with its date as text (props must be JSON), and its own address. */
export type ShareView = Omit<SharedCreation, 'createdAt'> & { createdAt: string; pageUrl: string };

/** How a visitor's report from this page was answered (the page after its form is sent), or null. */
export type ReportOutcome = 'thanks' | 'already' | 'tooMany' | 'invalid' | 'refused';

export type SharePageProps = { messages: Messages; signedIn: boolean; systemStatus: SystemStatus; creation: ShareView; report: ReportOutcome | null };

/** Neither a shared nor a private cache may keep any answer of this page, found or not. */
export const SHARE_PAGE_CACHE_CONTROL = 'private, no-store, max-age=0';

/**
 * The id in the path, checked as every caller's generation id is (ids.schema.ts): one that is too
 * long or holds a NUL is none we made, and gets the same "not found" without a query.
 */
export const shareId = generationIdInput.shape.id;

export async function sharePageProps(
  context: Pick<GetServerSidePropsContext, 'req' | 'res' | 'params' | 'locale'>,
  report: ReportOutcome | null = null,
): Promise<GetServerSidePropsResult<SharePageProps>> {
  context.res.setHeader('Cache-Control', SHARE_PAGE_CACHE_CONTROL);
  const parsed = shareId.safeParse(context.params?.id);
  if (!parsed.success) return { notFound: true };
  const id = parsed.data;
  const viewer = await sessionUserFromRequest(context.req);
  const found = await readSharedCreation(await getDb(), id, viewer?.id ?? null);
  if (!found) return { notFound: true };
  return {
    props: {
      messages: messagesFor(context.locale),
      signedIn: viewer !== null,
      systemStatus: await systemStatus(await getDb().catch(() => null)),
      creation: { ...found, createdAt: found.createdAt.toISOString(), pageUrl: `${getEnv().appOrigin}/c/${encodeURIComponent(found.id)}` },
      report,
    },
  };
}
