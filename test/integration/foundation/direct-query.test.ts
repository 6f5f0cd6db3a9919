/**
 * The submit's statement runs on pg directly (db/direct-query.ts), not through Prisma: what it
 * reads back must be exactly what Prisma would have given (dates in UTC, json as values, nulls),
 * dates must be sent as Prisma sends them, and a database that cannot be reached must read as one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';
import { asAppError } from '~/server/errors';
import { CLOSED_PORT } from '@test/helpers/ports';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe('a statement run directly', () => {
  // pg reads a `timestamp` in the process's time zone unless told otherwise: run away from UTC.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Sao_Paulo';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads a generation exactly as Prisma reads it', async () => {
    const user = await studio.createUser({ credits: 5, premium: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'read me back', seed: 3 });
    // Give the row the kinds of values a finished one has: fractions, json, several timestamps.
    await studio.db.generation.update({
      where: { id: submitted.id },
      data: { progress: 0.375, outputs: [{ key: 'k', url: 'u', contentType: 'image/png' }], completedAt: new Date('2026-01-02T03:04:05.678Z') },
    });
    const statement = Prisma.sql`SELECT * FROM "Generation" WHERE "id" = ${submitted.id}`;
    const [direct] = await queryDirect<Record<string, unknown>>(studio.db, statement);
    const [viaPrisma] = await studio.db.$queryRaw<Record<string, unknown>[]>(statement);
    expect(direct).toEqual(viaPrisma);
    expect(direct!.completedAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(direct!.input).toMatchObject({ prompt: 'read me back', seed: 3 });
    expect(direct!.deletedAt).toBeNull();
  });

  it('sends a date as the UTC instant it is, to the millisecond', async () => {
    const at = new Date('2026-11-26T23:59:59.042Z');
    const [row] = await queryDirect<{ at: Date; day: string }>(studio.db, Prisma.sql`SELECT ${at}::timestamp(3) AS "at", to_char(${at}::timestamp(3), 'YYYY-MM-DD') AS "day"`);
    expect(row).toEqual({ at, day: '2026-11-26' });
  });

  it('reports a database that cannot be reached as database_unavailable', async () => {
    const gone = createDb(`postgresql://postgres@127.0.0.1:${CLOSED_PORT}/postgres`, { maxConnections: 2 });
    try {
      const failure = await queryDirect(gone, Prisma.sql`SELECT 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(asAppError(failure)?.code).toBe('database_unavailable');
    } finally {
      await gone.$disconnect();
    }
  });
});
