/**
 * Cursors name a position in the caller's own list: another user's id reveals nothing about where
 * that row sits, it answers exactly like an id that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;
let owner: StudioUser;
let stranger: StudioUser;
let strangersGeneration: string;
const ownIds: string[] = [];

beforeAll(async () => {
  studio = await startStudio();
  owner = await studio.createUser({ credits: 100 });
  stranger = await studio.createUser({ credits: 100 });
  // The stranger's generation sits between the owner's, so a leaked position would list some of them.
  for (let i = 0; i < 2; i += 1) ownIds.push((await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: `mine ${i}` })).id);
  strangersGeneration = (await studio.caller(stranger).generation.submit({ model_id: 'flux-schnell', prompt: 'theirs' })).id;
  for (let i = 2; i < 4; i += 1) ownIds.push((await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: `mine ${i}` })).id);
});

afterAll(async () => {
  await studio?.stop();
});

describe('prediction.list', () => {
  it("answers another user's generation id as a cursor exactly like a nonexistent one", async () => {
    const unknown = await studio.caller(owner).prediction.list({ cursor: 'c-no-such-generation' });
    expect(unknown).toEqual({ items: [], nextCursor: null });
    expect(await studio.caller(owner).prediction.list({ cursor: strangersGeneration })).toEqual(unknown);
    expect(await studio.caller(owner).prediction.list({ cursor: strangersGeneration, limit: 1 })).toEqual(unknown);
  });

  it('still pages through the caller’s own list', async () => {
    const page = await studio.caller(owner).prediction.list({ cursor: ownIds[2]!, limit: 5 });
    expect(page.items.map((p) => p.id)).toEqual([ownIds[1], ownIds[0]]);
  });
});

describe('credits.history', () => {
  it("answers another user's ledger entry id as a cursor exactly like a nonexistent one", async () => {
    const theirs = await studio.db.creditLedgerEntry.findFirstOrThrow({ where: { userId: stranger.id, generationId: strangersGeneration } });
    const unknown = await studio.caller(owner).credits.history({ cursor: 'c-no-such-entry' });
    expect(unknown).toEqual({ items: [], nextCursor: null });
    expect(await studio.caller(owner).credits.history({ cursor: theirs.id })).toEqual(unknown);
  });
});
