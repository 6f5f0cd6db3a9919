/**
 * Database failures recognised by their codes, never by `instanceof`: the production build holds
 * more than one compiled copy of the Prisma client's classes (Next's instrumentation bundle and its
 * route bundles share one database client, created by whichever loads first), so an error thrown
 * by one copy's client is not an instance of another copy's class. Codes travel with the error.
 */

/** Prisma's known-request errors carry a `P` code; raw statements carry PostgreSQL's own in `meta`. */
type CodedError = { name?: unknown; code?: unknown; meta?: unknown };

function coded(error: unknown): CodedError | null {
  return typeof error === 'object' && error !== null ? (error as CodedError) : null;
}

/** A Prisma known-request error with this code (e.g. 'P2002', a unique constraint). */
export function isPrismaError(error: unknown, code: string): boolean {
  const e = coded(error);
  return e?.name === 'PrismaClientKnownRequestError' && e.code === code;
}

/**
 * A unique constraint refused the write: Prisma's P2002, PostgreSQL's 23505 as pg reports it (a
 * statement run directly on the pool: direct-query.ts), or a raw statement's failure (P2010) whose
 * database code is 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = coded(error);
  if (e?.code === '23505') return true;
  if (isPrismaError(error, 'P2002')) return true;
  return isPrismaError(error, 'P2010') && /23505|unique/i.test(JSON.stringify(e?.meta ?? {}));
}
