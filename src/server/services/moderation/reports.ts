/**
 * A visitor reports a public creation from its share page, signed in or out: a reason from the
 * short list and optional text. One report per person per creation (a signed-in user is one person
 * wherever they are; a signed-out visitor is their address), and at most REPORTS_PER_HOUR from one
 * address in an hour, counted in PostgreSQL so every instance counts the same reports: a
 * transaction lock on the address makes the count and the insert one step across instances.
 * Bad input is refused and stores nothing; a creation nobody else may see is "not found".
 */
import type { Db } from '~/server/db/client';
import { isUniqueViolation } from '~/server/db/errors';
import { AppError } from '~/server/errors';
import { REPORT_REASONS, REPORT_TEXT_MAX, REPORTS_PER_HOUR, type ReportReason } from '~/utils/moderation';

export const REPORT_TEXTS = {
  reason: 'Choose a reason from the list.',
  textTooLong: `A report's text is at most ${REPORT_TEXT_MAX} characters.`,
  tooMany: 'You have sent too many reports. Please try again in an hour.',
  notFound: 'Generation not found.',
} as const;

/** The lock space of addresses sending reports (any constant; the address's hash is the key within it). */
const REPORT_LOCK_SPACE = 36_036;

const HOUR_MS = 60 * 60 * 1000;

export type ReportRequest = {
  generationId: string;
  reason: string;
  text: string | null;
  reporterId: string | null;
  address: string;
};

function isReason(value: string): value is ReportReason {
  return (REPORT_REASONS as readonly string[]).includes(value);
}

export async function reportCreation(db: Db, request: ReportRequest): Promise<void> {
  if (!isReason(request.reason)) throw new AppError('validation_failed', REPORT_TEXTS.reason);
  const text = request.text?.trim() || null;
  if (text !== null && text.length > REPORT_TEXT_MAX) throw new AppError('validation_failed', REPORT_TEXTS.textTooLong);
  const reporterKey = request.reporterId ? `user:${request.reporterId}` : `address:${request.address}`;
  try {
    await db.$transaction(async (tx) => {
      const shown = await tx.generation.count({ where: { id: request.generationId, isPublic: true, deletedAt: null, status: 'succeeded' } });
      if (shown === 0) throw new AppError('not_found', REPORT_TEXTS.notFound);
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REPORT_LOCK_SPACE}::int, hashtext(${request.address}))`;
      const already = await tx.creationReport.count({ where: { generationId: request.generationId, reporterKey } });
      if (already > 0) throw new AppError('already_reported');
      const lastHour = await tx.creationReport.count({ where: { address: request.address, createdAt: { gt: new Date(Date.now() - HOUR_MS) } } });
      if (lastHour >= REPORTS_PER_HOUR) throw new AppError('rate_limited', REPORT_TEXTS.tooMany);
      await tx.creationReport.create({
        data: { generationId: request.generationId, reporterKey, reporterId: request.reporterId, address: request.address, reason: request.reason, text },
      });
    });
  } catch (error) {
    // The same person reporting twice at once: the pair's unique key keeps one.
    if (isUniqueViolation(error)) throw new AppError('already_reported');
    throw error;
  }
}
