import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '~/server/db/unavailable';
import { AppError, asAppError, retryAfterFor } from '~/server/errors';
import { ProviderError } from '~/server/providers';

/** Shapes measured from Prisma 7 + @prisma/adapter-pg against a closed port and a stopped server. */
const prismaUnreachable = Object.assign(new Error("Can't reach database server at 127.0.0.1:9"), {
  code: 'P1001',
  meta: { modelName: 'User', driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 9 } } },
});
const rawQueryUnreachable = Object.assign(new Error('Raw query failed.'), { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } } });
const pgTerminated = new Error('Connection terminated unexpectedly');
const droppedDatabase = Object.assign(new Error('query failed'), { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', code: '3D000' } } } });
const missingDatabase = Object.assign(new Error('Database does not exist'), { meta: { driverAdapterError: { cause: { kind: 'DatabaseDoesNotExist', db: 'studio' } } } });
const adminShutdown = Object.assign(new Error('query failed'), { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01' } } } });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused, lost, shutting-down or dropped database, also as the cause of another error', () => {
    for (const error of [prismaUnreachable, rawQueryUnreachable, pgTerminated, adminShutdown, droppedDatabase, missingDatabase, new Error('wrapped', { cause: prismaUnreachable })]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves request faults and other services’ network errors alone', () => {
    const refusedProvider = new ProviderError('Replicate could not be reached.', true, undefined, { kind: 'unreachable', cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }) });
    const unique = Object.assign(new Error('Unique constraint failed'), { code: 'P2002' });
    for (const error of [refusedProvider, unique, new Error('boom'), null, 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('maps an outage to database_unavailable (503, Retry-After 5) through the error table', () => {
    const mapped = asAppError(prismaUnreachable);
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped?.code).toBe('database_unavailable');
    expect(retryAfterFor('database_unavailable')).toBe(5);
    expect(retryAfterFor('internal')).toBeUndefined();
    expect(asAppError(new Error('boom'))).toBeNull();
  });
});
