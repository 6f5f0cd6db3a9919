/**
 * A user's API keys: create (the secret answered once), list, revoke. Revoking writes the row every
 * instance reads on every request (authenticate.ts keeps no copy), so it holds everywhere at once.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { MAX_ACTIVE_API_KEYS, type ApiKeyScope } from '~/utils/api-scopes';
import { monthStartOf } from './month';
import { newApiKeySecret } from './secret';

export type NewApiKey = { name: string; scopes: ApiKeyScope[]; expiresAt?: Date | null; monthlyCreditCap?: number | null };

export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  monthlyCreditCap: number | null;
  spentThisMonth: number;
};

type KeyRow = Omit<ApiKeyView, 'spentThisMonth' | 'scopes'> & { scopes: string[]; spentCredits: number; spentMonth: Date };

const VIEW_COLUMNS = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
  monthlyCreditCap: true,
  spentCredits: true,
  spentMonth: true,
} as const;

function toView(row: KeyRow, now: Date): ApiKeyView {
  const { spentCredits, spentMonth, scopes, ...rest } = row;
  const thisMonth = spentMonth.getTime() === monthStartOf(now).getTime();
  return { ...rest, scopes: scopes as ApiKeyScope[], spentThisMonth: thisMonth ? spentCredits : 0 };
}

/** A key is active until it is revoked or its expiry passes. */
function activeWhere(now: Date) {
  return { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
}

export async function createApiKey(db: Db, userId: string, input: NewApiKey, now = new Date()): Promise<{ key: ApiKeyView; secret: string }> {
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) throw new AppError('validation_failed', 'The expiry must be in the future.');
  const { secret, prefix, hash } = newApiKeySecret();
  const row = await db.$transaction(async (tx) => {
    // The owner's row, locked: two creates at once count each other's key, so the limit holds.
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const active = await tx.apiKey.count({ where: { userId, ...activeWhere(now) } });
    if (active >= MAX_ACTIVE_API_KEYS) throw new AppError('too_many_api_keys');
    return tx.apiKey.create({
      data: {
        userId,
        name: input.name,
        prefix,
        hash,
        scopes: [...new Set(input.scopes)],
        expiresAt: input.expiresAt ?? null,
        monthlyCreditCap: input.monthlyCreditCap ?? null,
        spentMonth: monthStartOf(now),
      },
      select: VIEW_COLUMNS,
    });
  });
  return { key: toView(row, now), secret };
}

/** The user's keys, newest first, revoked and expired ones included (marked by their dates). */
export async function listApiKeys(db: Db, userId: string, now = new Date()): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: VIEW_COLUMNS });
  return rows.map((row) => toView(row, now));
}

/** Revokes one of the user's keys; revoking a revoked key changes nothing. Another user's key does not exist. */
export async function revokeApiKey(db: Db, userId: string, id: string, now = new Date()): Promise<ApiKeyView> {
  await db.apiKey.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: now } });
  const row = await db.apiKey.findFirst({ where: { id, userId }, select: VIEW_COLUMNS });
  if (!row) throw new AppError('not_found', 'No such API key.');
  return toView(row, now);
}
