/**
 * The words of a history search, folded exactly as the database folds the text it searches
 * ("studio_search_fold": lowercase, accents removed, see migration history_search), so "Crème" finds
 * "creme" and "CREME" alike, whatever the two sides' Unicode forms.
 */
import type { Db } from '~/server/db/client';

/** More words than this are not a search but a paste: the first ones decide. */
export const MAX_SEARCH_WORDS = 8;

/**
 * The distinct folded words of `query` (empty: no search). Each is matched anywhere in the text
 * (partial words), and every one must match.
 */
export async function searchWords(db: Db, query: string | undefined): Promise<string[]> {
  const trimmed = query?.trim() ?? '';
  if (trimmed === '') return [];
  const [row] = await db.$queryRaw<{ folded: string }[]>`SELECT "studio_search_fold"(${trimmed}) AS folded`;
  const words = (row?.folded ?? '').split(/\s+/u).filter((word) => word !== '');
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** LIKE's own characters in a word stand for themselves. */
export function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/gu, (c) => `\\${c}`);
}
