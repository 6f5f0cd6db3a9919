/**
 * Names for prepared statements, so each connection parses and plans a query once and then only
 * binds and runs it (a submit's statement spends longer in PostgreSQL's planner than in its
 * executor). The name is derived from the SQL text, so one text always has one name; a bounded
 * number of texts is named, anything beyond runs unnamed as before (connections keep what they
 * prepared until they close).
 */
import { createHash } from 'node:crypto';

const MAX_NAMED_TEXTS = 2_000;

const names = new Map<string, string>();

/** The statement's name, or '' (pg's unnamed statement) once the bound is reached. */
export function statementNameFor(query: { sql: string }): string {
  const known = names.get(query.sql);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED_TEXTS) return '';
  const name = `studio_${createHash('sha1').update(query.sql).digest('base64url')}`;
  names.set(query.sql, name);
  return name;
}
