/**
 * A visitor's report sent from a share page (/c/{id}): the page's own form posts to the page's
 * address, without JavaScript (the page ships none), and the answer is the same page with the
 * outcome in place of the form: a thank-you (200), or why nothing was stored: already reported
 * (409), too many reports from this address (429), a forged reason or oversized text (400), a
 * cross-site form (403). An id nobody else may see is the page's one 404.
 */
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { sessionUserFromRequest } from '~/server/auth/session-user';
import { getDb } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { shareId, sharePageProps, type ReportOutcome, type SharePageProps } from '~/server/pages/share-page';
import { reportCreation } from '~/server/services/moderation/reports';
import { BodyTooLargeError, readBody } from './read-body';
import { crossSiteRefusal } from './same-origin';

/** A reason and 500 characters of text, form-encoded (each character up to 9 bytes as %XX%XX%XX), with room. */
const REPORT_BODY_LIMIT = 8 * 1024;

const OUTCOME_OF: Partial<Record<AppError['code'], { status: number; outcome: ReportOutcome }>> = {
  already_reported: { status: 409, outcome: 'already' },
  rate_limited: { status: 429, outcome: 'tooMany' },
  validation_failed: { status: 400, outcome: 'invalid' },
};

type Context = Pick<GetServerSidePropsContext, 'req' | 'res' | 'params' | 'locale'>;

function answer(context: Context, status: number, outcome: ReportOutcome): Promise<GetServerSidePropsResult<SharePageProps>> {
  context.res.statusCode = status;
  return sharePageProps(context, outcome);
}

export async function shareReportAnswer(context: Context): Promise<GetServerSidePropsResult<SharePageProps>> {
  const id = shareId.safeParse(context.params?.id);
  if (!id.success) return sharePageProps(context);
  if (crossSiteRefusal(context.req)) return answer(context, 403, 'refused');
  let form: URLSearchParams;
  try {
    form = new URLSearchParams((await readBody(context.req, REPORT_BODY_LIMIT)).toString('utf8'));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return answer(context, 413, 'invalid');
    throw error;
  }
  const viewer = await sessionUserFromRequest(context.req);
  try {
    await reportCreation(await getDb(), {
      generationId: id.data,
      reason: form.get('reason') ?? '',
      text: form.get('text'),
      reporterId: viewer?.id ?? null,
      address: context.req.socket.remoteAddress ?? 'unknown',
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return sharePageProps(context);
    const known = error instanceof AppError ? OUTCOME_OF[error.code] : undefined;
    if (!known) throw error;
    return answer(context, known.status, known.outcome);
  }
  return answer(context, 200, 'thanks');
}
