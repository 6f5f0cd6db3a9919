/**
 * Collections: a user's named sets of their own creations. A creation may be in several; deleting
 * a collection never deletes its creations, and deleting a creation takes it out of every
 * collection (generation/delete.ts). Another user's collection is, to the caller, one that does
 * not exist: not found, and nothing changes.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { assertOwnCreations } from './visibility';

export const COLLECTION_NAME_MAX_LENGTH = 60;
/** Enough for anyone organising by hand; a cap so one account cannot grow the table without end. */
export const MAX_COLLECTIONS = 200;

export type CollectionSummary = { id: string; name: string; count: number; createdAt: Date };

const NOT_FOUND = 'Collection not found.';

async function ownCollection(db: Pick<Db, 'collection'>, ownerId: string, id: string): Promise<{ id: string; name: string }> {
  const row = await db.collection.findFirst({ where: { id, userId: ownerId }, select: { id: true, name: true } });
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/** The owner's collections, oldest first (the order they made them), with how many creations each holds. */
export async function listCollections(db: Db, ownerId: string): Promise<CollectionSummary[]> {
  const rows = await db.collection.findMany({
    where: { userId: ownerId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true, createdAt: true, _count: { select: { items: { where: { generation: { deletedAt: null } } } } } },
  });
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.createdAt, count: row._count.items }));
}

export async function createCollection(db: Db, ownerId: string, name: string): Promise<CollectionSummary> {
  const count = await db.collection.count({ where: { userId: ownerId } });
  if (count >= MAX_COLLECTIONS) throw new AppError('validation_failed', `You can have up to ${MAX_COLLECTIONS} collections.`);
  const row = await db.collection.create({ data: { userId: ownerId, name }, select: { id: true, name: true, createdAt: true } });
  return { ...row, count: 0 };
}

export async function renameCollection(db: Db, ownerId: string, id: string, name: string): Promise<{ id: string; name: string }> {
  const changed = await db.collection.updateMany({ where: { id, userId: ownerId }, data: { name } });
  if (changed.count === 0) throw new AppError('not_found', NOT_FOUND);
  return { id, name };
}

/** Deletes the collection and its memberships; its creations stay where they are. */
export async function deleteCollection(db: Db, ownerId: string, id: string): Promise<{ id: string; deleted: true }> {
  const removed = await db.collection.deleteMany({ where: { id, userId: ownerId } });
  if (removed.count === 0) throw new AppError('not_found', NOT_FOUND);
  return { id, deleted: true };
}

/**
 * Adds the owner's creations to their collection, all or none (one of them not the owner's: not
 * found, nothing added). Creations already in it stay once. Answers how many were new to it.
 */
export async function addToCollection(db: Db, ownerId: string, id: string, generationIds: readonly string[]): Promise<{ id: string; added: number }> {
  return db.$transaction(async (tx) => {
    await ownCollection(tx, ownerId, id);
    const wanted = await assertOwnCreations(tx, ownerId, generationIds);
    const created = await tx.collectionItem.createMany({ data: wanted.map((generationId) => ({ collectionId: id, generationId })), skipDuplicates: true });
    await tx.collection.update({ where: { id }, data: { updatedAt: new Date() } });
    return { id, added: created.count };
  });
}

/** Takes creations out of the owner's collection (never deletes them). Answers how many were in it. */
export async function removeFromCollection(db: Db, ownerId: string, id: string, generationIds: readonly string[]): Promise<{ id: string; removed: number }> {
  await ownCollection(db, ownerId, id);
  const removed = await db.collectionItem.deleteMany({ where: { collectionId: id, generationId: { in: [...new Set(generationIds)] } } });
  return { id, removed: removed.count };
}

/** The collection filter of /creations: the owner's collection id, or not found. */
export async function assertOwnCollection(db: Db, ownerId: string, id: string): Promise<void> {
  await ownCollection(db, ownerId, id);
}
