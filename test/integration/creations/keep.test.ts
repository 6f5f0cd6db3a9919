/**
 * Keeping creations (issue 21 §3–§5): a star and the Starred filter; collections (create, rename,
 * delete without touching its creations, add one or many, remove, list one on /creations);
 * another user's collection or creation is not found and nothing changes; a deleted creation
 * leaves its collections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { addCreation, minute } from './history-fixtures';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

async function listed(user: StudioUser, input: Parameters<ReturnType<Studio['caller']>['prediction']['list']>[0]): Promise<string[]> {
  return (await studio.caller(user).prediction.list(input)).items.map((item) => item.id);
}

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Collection not found.' };

describe('stars', () => {
  it('stars and unstars a creation; the Starred filter lists the starred ones', async () => {
    const user = await studio.createUser();
    const a = await addCreation(studio, user, { prompt: 'a', createdAt: minute(1) });
    const b = await addCreation(studio, user, { prompt: 'b', createdAt: minute(2) });
    const caller = studio.caller(user);
    expect(await caller.prediction.star({ id: a, starred: true })).toEqual({ id: a, starred: true });
    expect(await listed(user, { starred: true })).toEqual([a]);
    const all = (await caller.prediction.list({})).items;
    expect(all.map((i) => [i.id, i.starred])).toEqual([
      [b, false],
      [a, true],
    ]);
    await caller.prediction.star({ id: b, starred: true });
    await caller.prediction.star({ id: a, starred: false });
    expect(await listed(user, { starred: true })).toEqual([b]);
    expect(await listed(user, { starred: true, q: 'a' })).toEqual([]);
  });

  it('another user’s creation cannot be starred: not found, unchanged', async () => {
    const owner = await studio.createUser();
    const stranger = await studio.createUser();
    const id = await addCreation(studio, owner, { prompt: 'mine' });
    await expect(studio.caller(stranger).prediction.star({ id, starred: true })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Generation not found.' });
    expect((await studio.db.generation.findUniqueOrThrow({ where: { id } })).starred).toBe(false);
    await expect(studio.caller(null).prediction.star({ id, starred: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('collections', () => {
  it('creates, adds one or many, lists one on /creations, removes, renames and deletes (never its creations)', async () => {
    const user = await studio.createUser();
    const caller = studio.caller(user);
    const [a, b, c] = [
      await addCreation(studio, user, { prompt: 'one', createdAt: minute(1) }),
      await addCreation(studio, user, { prompt: 'two', createdAt: minute(2) }),
      await addCreation(studio, user, { prompt: 'three', createdAt: minute(3) }),
    ];
    const trips = await caller.collection.create({ name: '  Trips  ' });
    expect(trips).toMatchObject({ name: 'Trips', count: 0 });
    const birds = await caller.collection.create({ name: 'Birds' });

    expect(await caller.collection.add({ id: trips.id, generationIds: [a, c] })).toEqual({ id: trips.id, added: 2 });
    expect(await caller.collection.add({ id: trips.id, generationIds: [a] })).toEqual({ id: trips.id, added: 0 });
    expect(await caller.collection.add({ id: birds.id, generationIds: [c] })).toEqual({ id: birds.id, added: 1 });
    expect(await listed(user, { collectionId: trips.id })).toEqual([c, a]);
    expect(await listed(user, { collectionId: trips.id, q: 'one' })).toEqual([a]);
    expect((await caller.collection.list()).map((x) => [x.name, x.count])).toEqual([
      ['Trips', 2],
      ['Birds', 1],
    ]);

    expect(await caller.collection.remove({ id: trips.id, generationIds: [c] })).toEqual({ id: trips.id, removed: 1 });
    expect(await listed(user, { collectionId: trips.id })).toEqual([a]);
    expect(await listed(user, { collectionId: birds.id })).toEqual([c]);

    expect(await caller.collection.rename({ id: trips.id, name: 'Holidays' })).toEqual({ id: trips.id, name: 'Holidays' });
    expect(await caller.collection.delete({ id: trips.id })).toEqual({ id: trips.id, deleted: true });
    expect((await caller.collection.list()).map((x) => x.name)).toEqual(['Birds']);
    // Its creations are all still there.
    expect(await listed(user, {})).toEqual([c, b, a]);
    await expect(caller.prediction.list({ collectionId: trips.id })).rejects.toMatchObject(NOT_FOUND);
  });

  it('refuses an empty or too long name', async () => {
    const caller = studio.caller(await studio.createUser());
    await expect(caller.collection.create({ name: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Name the collection.') });
    await expect(caller.collection.create({ name: 'x'.repeat(61) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('A collection name has at most 60 characters.'),
    });
  });

  it('another user’s collection id is not found, and nothing changes', async () => {
    const owner = await studio.createUser();
    const stranger = await studio.createUser();
    const mine = await addCreation(studio, owner, { prompt: 'kept' });
    const theirs = await addCreation(studio, stranger, { prompt: 'stranger’s' });
    const album = await studio.caller(owner).collection.create({ name: 'Album' });
    await studio.caller(owner).collection.add({ id: album.id, generationIds: [mine] });
    const as = studio.caller(stranger);

    await expect(as.prediction.list({ collectionId: album.id })).rejects.toMatchObject(NOT_FOUND);
    await expect(as.collection.rename({ id: album.id, name: 'Mine now' })).rejects.toMatchObject(NOT_FOUND);
    await expect(as.collection.add({ id: album.id, generationIds: [theirs] })).rejects.toMatchObject(NOT_FOUND);
    await expect(as.collection.remove({ id: album.id, generationIds: [mine] })).rejects.toMatchObject(NOT_FOUND);
    await expect(as.collection.delete({ id: album.id })).rejects.toMatchObject(NOT_FOUND);
    expect(await as.collection.list()).toEqual([]);

    const row = await studio.db.collection.findUniqueOrThrow({ where: { id: album.id }, include: { items: true } });
    expect(row.name).toBe('Album');
    expect(row.items.map((i) => i.generationId)).toEqual([mine]);
  });

  it('adding another user’s creation to one’s own collection adds none of the selection', async () => {
    const owner = await studio.createUser();
    const stranger = await studio.createUser();
    const mine = await addCreation(studio, owner, { prompt: 'mine' });
    const theirs = await addCreation(studio, stranger, { prompt: 'theirs' });
    const album = await studio.caller(owner).collection.create({ name: 'Album' });
    await expect(studio.caller(owner).collection.add({ id: album.id, generationIds: [mine, theirs] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Some of these creations were not found. Nothing was changed.',
    });
    expect(await studio.db.collectionItem.count({ where: { collectionId: album.id } })).toBe(0);
  });

  it('a deleted creation leaves its collections; the collections stay', async () => {
    const user = await studio.createUser();
    const caller = studio.caller(user);
    const [a, b] = [await addCreation(studio, user, { prompt: 'a', createdAt: minute(1) }), await addCreation(studio, user, { prompt: 'b', createdAt: minute(2) })];
    const one = await caller.collection.create({ name: 'One' });
    const two = await caller.collection.create({ name: 'Two' });
    await caller.collection.add({ id: one.id, generationIds: [a, b] });
    await caller.collection.add({ id: two.id, generationIds: [a] });
    await caller.prediction.delete({ id: a });
    expect(await studio.db.collectionItem.count({ where: { generationId: a } })).toBe(0);
    expect(await listed(user, { collectionId: one.id })).toEqual([b]);
    expect((await caller.collection.list()).map((x) => [x.name, x.count])).toEqual([
      ['One', 1],
      ['Two', 0],
    ]);
  });
});
