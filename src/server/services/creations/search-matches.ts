/**
 * Which of the owner's creations hold every search word, read through the per-user index of
 * migration search_owner_keys, so that a search costs the owner's own rows only, however many
 * rows everyone else has (issue 20 §7, issue 21 §2).
 *
 * The answer decides how listCreations reads its page:
 * - few matches (up to FEW_MATCHES): their ids, and the page is read among those rows alone;
 * - many: the words are common in this history, so walking it newest (or oldest) first fills a
 *   page after a few rows per match, and the index would only add work;
 * - not indexed: no word has three characters, the length of the index's pieces ("a", "ok"),
 *   so the index cannot narrow the search and the walk reads the page, as for "many".
 */
import type { Db } from '~/server/db/client';
import { likeLiteral } from './search-words';

/**
 * Up to this many matches the page is read among them by id, beyond it by the walk. On a history
 * of 50,000 creations (the bench's) reading by id costs about four buffers per match, the walk
 * about 25 × 50,000 ÷ matches rows for a page of 25, so the two meet near 500.
 */
export const FEW_MATCHES = 500;

export type SearchMatches = { kind: 'few'; ids: string[] } | { kind: 'many' } | { kind: 'not-indexed' };

/**
 * `words` are folded search words (searchWords). Their keys are made by the database with the
 * index's own function, so a query and the rows always cut text into the same pieces. A word asks
 * for every third piece and its last one ("lig", "hth", "ous", "use" of "lighthouse"): a row holding
 * the word holds those, they cover every character of it, and each key the index is asked for
 * costs a walk through its entries for every candidate row, most of all the common ones ("lig" of
 * "light" is in nearly every row): these four take half the time of all eight (BENCHMARKS.md, 'Data scale').
 *
 * Every key starts with the owner's id, so the index scan meets the owner's rows only; the owner
 * check after the LIMIT says so explicitly, and sits there so that the planner cannot use it to
 * pick an index on "userId" instead, whose scan would read the owner's whole history.
 */
export async function findSearchMatches(db: Db, ownerId: string, words: string[]): Promise<SearchMatches> {
  const patterns = words.map((word) => `%${likeLiteral(word)}%`);
  const rows = await db.$queryRaw<{ indexed: boolean; id: string | null }[]>`
    WITH wanted AS (
      SELECT array_agg(key) AS keys
      FROM unnest(${words}::text[]) AS word, generate_series(1, length(word) - 2) AS pos,
        unnest("studio_search_keys"(${ownerId}, substr(word, pos, 3))) AS key
      WHERE pos % 3 = 1 OR pos = length(word) - 2
    )
    SELECT wanted.keys IS NOT NULL AS "indexed", found."id"
    FROM wanted LEFT JOIN LATERAL (
      SELECT g."id", g."userId" FROM "Generation" g
      WHERE "studio_search_keys"(g."userId", g."searchText") @> wanted.keys
        AND g."deletedAt" IS NULL AND g."searchText" LIKE ALL (${patterns}::text[])
      LIMIT ${FEW_MATCHES + 1}
    ) AS found ON found."userId" = ${ownerId}`;
  if (!rows[0]?.indexed) return { kind: 'not-indexed' };
  const ids = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  return ids.length > FEW_MATCHES ? { kind: 'many' } : { kind: 'few', ids };
}

/** No creation has it (ids are cuids): what a short list of ids is filled up with. */
const NO_ID = '';

/**
 * The ids filled up to the next of a few fixed lengths (16, 32, ..., 512). Prisma writes one
 * parameter per id, so each length is a statement text of its own, and the database client names
 * a bounded number of texts (statement-names.ts): a handful of lengths keeps searches from using
 * up the names other queries are prepared under.
 */
export function idsOfFixedLength(ids: string[]): string[] {
  let length = 16;
  while (length < ids.length) length *= 2;
  return [...ids, ...Array.from({ length: length - ids.length }, () => NO_ID)];
}
