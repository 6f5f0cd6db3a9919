/**
 * Inputs that live in our storage, used by reference (a result goes into the next tool with no
 * download or re-upload). The privacy rules of stored objects hold: the caller's own objects and
 * anyone's public objects are accepted; another user's private object is refused before anything
 * is checked, recorded or charged, and the refusal says why. For private generations the owner's
 * inputs become private too, and hosted providers get short-lived signed URLs for the owner's
 * private objects.
 */
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { keyFromStorageUrl, signedReadUrl } from '~/server/services/storage';
import { mayReadObject } from '~/server/services/storage/access';

/** The keys of our own stored objects an input (or payload) names, at any depth. */
export function storageKeysIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    const key = value.startsWith('http') || value.startsWith('/') ? keyFromStorageUrl(value) : null;
    if (key) into.add(key);
  } else if (Array.isArray(value)) {
    for (const item of value) storageKeysIn(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) storageKeysIn(item, into);
  }
  return into;
}

/** One of our objects an input names whose bytes nobody has checked yet (a size-less signed upload). */
export type UncheckedUpload = { key: string; contentType: string };

/**
 * Refuses an input that names one of our objects the caller may not read: another user's private
 * object (403, saying so) or an object that no longer exists (deleted: 400). Anything we do not
 * store (a remote URL) is left to the providers' own rules, as before. Answers, from the same
 * read, the named uploads whose bytes still need their check (input-uploads.ts).
 */
export async function assertUsableInputs(db: Pick<Db, 'storedObject'>, userId: string, input: Record<string, unknown>): Promise<UncheckedUpload[]> {
  const keys = [...storageKeysIn(input)];
  if (keys.length === 0) return [];
  const rows = await db.storedObject.findMany({ where: { key: { in: keys } }, select: { key: true, ownerId: true, isPrivate: true, unchecked: true, contentType: true } });
  if (rows.some((row) => !mayReadObject(row, userId))) throw new AppError('private_input');
  if (rows.length < keys.length) throw new AppError('input_unavailable');
  return rows.filter((row) => row.unchecked).map(({ key, contentType }) => ({ key, contentType }));
}

/**
 * Makes the owner's uploaded inputs of a private generation private as well: an UPDATE to run as
 * part of the statement that records the generation, taking effect only when `when` holds (null
 * when the input names none of our objects).
 */
export function inputsPrivateWithinStatement(ownerId: string, input: Record<string, unknown>, when: Prisma.Sql): Prisma.Sql | null {
  const keys = [...storageKeysIn(input, new Set())];
  if (keys.length === 0) return null;
  return Prisma.sql`UPDATE "StoredObject" SET "isPrivate" = true WHERE "key" IN (${Prisma.join(keys)}) AND "ownerId" = ${ownerId} AND ${when}`;
}

/** The provider payload with the owner's private objects replaced by signed read URLs. */
export async function withProviderReadableUrls<T>(db: Db, ownerId: string, payload: T, ttlSeconds: number): Promise<T> {
  const keys = [...storageKeysIn(payload, new Set())];
  if (keys.length === 0) return payload;
  const rows = await db.storedObject.findMany({ where: { key: { in: keys }, ownerId, isPrivate: true }, select: { key: true } });
  if (rows.length === 0) return payload;
  const signable = new Set(rows.map((r) => r.key));
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const key = keyFromStorageUrl(value);
      return key && signable.has(key) ? signedReadUrl(key, ttlSeconds) : value;
    }
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]));
    return value;
  };
  return rewrite(payload) as T;
}
