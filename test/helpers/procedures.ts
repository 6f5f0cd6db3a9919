/**
 * Every procedure of the studio's router with its kind, for tests that sweep them all. Read from
 * tRPC's router record: a test may, the studio's own code may not (test/unit/foundation/edge.test.ts).
 */
import { appRouter } from '~/server/trpc/root';

export type ProcedureKind = 'query' | 'mutation' | 'subscription';

export const PROCEDURES: readonly { path: string; type: ProcedureKind }[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureKind } }>,
).map(([path, procedure]) => ({ path, type: procedure._def.type }));
