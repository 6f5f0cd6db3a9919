/**
 * Whether an error means "the database cannot be reached right now" (refused, reset, timed out,
 * shutting down, out of connections, or not there: dropped or not yet restored) rather than a fault of the request or of our code. Such
 * errors become a 503 with Retry-After (see errors.ts), so clients and providers try again later.
 */

/** Prisma's connection-level codes: can't reach, timed out, server closed the connection, pool timeout. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** What the pg driver adapter reports for a lost or refused connection. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'DatabaseDoesNotExist', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/**
 * PostgreSQL: connection exceptions (08xxx), shutting down or starting up (57P01-57P03), too many
 * connections, and a database that does not exist (3D000: dropped, or not yet restored).
 */
const SQLSTATE = /^(08\d{3}|57P0[123]|53300|3D000)$/;
/**
 * What pg says when a live connection dies or the pool cannot open one in time (pg's own phrases:
 * a provider's or the image proxy's network errors never match them).
 */
const MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Can't reach database server)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    if (!value || typeof value !== 'object' || seen.has(value) || depth > 6) return false;
    seen.add(value);
    const e = value as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (typeof e.code === 'string' && (PRISMA_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
    if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    return visit(e.meta?.driverAdapterError, depth + 1) || visit(e.cause, depth + 1);
  };
  return visit(error, 0);
}
