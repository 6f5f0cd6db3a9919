/**
 * One raw statement run straight on the pg pool that Prisma's adapter also uses (same connections,
 * same prepared-statement names), for the one statement a submit is made of. Prisma's query
 * runtime cost about an eighth of a submit's CPU for a statement whose text we write ourselves
 * anyway. Values and rows are converted as Prisma's pg adapter converts them, so a caller gets the
 * row `$queryRaw` would give: dates go as UTC timestamps, `timestamp` columns come back as UTC
 * dates, json as values. A connection that cannot be made reads as the adapter's
 * DatabaseNotReachable (a 503, like every other query's).
 */
import pg from 'pg';
// The generated client's type (client.ts's Db is the same type): client.ts imports this module.
import type { Prisma, PrismaClient } from './generated/client';
import { statementNameFor } from './statement-names';

type DirectPool = { pool: pg.Pool; namedStatements: boolean };

/**
 * Kept on the client itself under a registered symbol: Next bundles this module once per route,
 * and a per-module registry would not know the pool of a client another route's copy created.
 */
const POOL = Symbol.for('studio.db.directPool');

/** Called by createDb: the pool behind `db`, and whether its statements are prepared under names. */
export function registerDirectPool(db: object, pool: pg.Pool, namedStatements: boolean): void {
  Object.defineProperty(db, POOL, { value: { pool, namedStatements } satisfies DirectPool });
}

const TIMESTAMP_OID = 1114;

/** PostgreSQL writes a `timestamp` as '2026-11-26 12:00:00.123'; ours are always UTC. */
function utcDate(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

const types = {
  getTypeParser: ((oid: number, format?: string) => (oid === TIMESTAMP_OID && format !== 'binary' ? utcDate : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser,
};

/** As Prisma's adapter sends a date: 'YYYY-MM-DD HH:MM:SS.mmm' in UTC. */
function utcTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** A statement's value as this door sends it (record-plan.test.ts writes the same values as literals). */
export const asParameter = (value: unknown): unknown => (value instanceof Date ? utcTimestamp(value) : Array.isArray(value) ? value.map(asParameter) : value);

/** The connection-level failures of pg itself (a statement's own error carries a SQLSTATE instead). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

class DatabaseNotReachable extends Error {
  readonly kind = 'DatabaseNotReachable';
}

/**
 * The statement's rows. Through Prisma when `db` has no pool of its own here (every Db comes from
 * createDb, so none in practice) or after a disconnect (Prisma then opens a new pool of its own).
 */
export async function queryDirect<Row>(db: PrismaClient, statement: Prisma.Sql): Promise<Row[]> {
  const direct = (db as { [POOL]?: DirectPool })[POOL];
  if (!direct || direct.pool.ended) return db.$queryRaw<Row[]>(statement);
  const text = statement.text;
  try {
    const result = await direct.pool.query<Row & pg.QueryResultRow>({
      text,
      values: statement.values.map(asParameter),
      types,
      ...(direct.namedStatements ? { name: statementNameFor({ sql: text }) || undefined } : {}),
    });
    return result.rows;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) throw new DatabaseNotReachable(`Cannot reach the database: ${code}`, { cause: error });
    throw error;
  }
}
