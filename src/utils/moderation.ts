/**
 * Moderation's shared words, for the server (its rules) and the UI (the report form, the states an
 * owner sees, the console's queue).
 */

/**
 * A creation's moderation state: null (nothing to say), `screening` (its screen runs), `held`
 * (waiting for review), `approved` by a moderator, or `removed` (taken down).
 */
export const MODERATION_STATES = ['screening', 'held', 'approved', 'removed'] as const;

export type ModerationState = (typeof MODERATION_STATES)[number];

export function isModerationState(value: unknown): value is ModerationState {
  return typeof value === 'string' && (MODERATION_STATES as readonly string[]).includes(value);
}

/** What the owner is told about a creation: waiting for review (screening or held), removed, or nothing. */
export type ReviewNotice = 'waiting' | 'removed';

export function reviewNoticeOf(state: string | null): ReviewNotice | null {
  if (state === 'screening' || state === 'held') return 'waiting';
  if (state === 'removed') return 'removed';
  return null;
}

/** Why a visitor reports a creation: the report form's short list. */
export const REPORT_REASONS = ['sexual', 'violence', 'hate', 'illegal', 'spam', 'other'] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report's optional text, in characters. */
export const REPORT_TEXT_MAX = 500;

/** Reports one address may send in an hour. */
export const REPORTS_PER_HOUR = 5;
