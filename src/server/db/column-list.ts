/** `"id", "userId", ...`: columns named in a raw statement, each quoted as PostgreSQL keeps their case. */
import { Prisma } from './generated/client';

export function columnList(columns: readonly string[]): Prisma.Sql {
  return Prisma.raw(columns.map((column) => `"${column}"`).join(', '));
}
