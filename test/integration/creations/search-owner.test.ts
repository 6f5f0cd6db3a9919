/**
 * A search reads the searcher's own rows only (issue 20 §7): whichever way it reads its page (among
 * a few matches by id, or walking the history when a word is common or too short for the index),
 * other people's matching creations are never returned, deleted ones neither, and the cursor pages
 * through the matches in order. Runs on PGlite and on PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEW_MATCHES } from '~/server/services/creations/search-matches';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { addCreation, minute } from './history-fixtures';

let studio: Studio;
let user: StudioUser;
let other: StudioUser;
const mine: Record<string, string> = {};

type ListInput = Parameters<ReturnType<Studio['caller']>['prediction']['list']>[0];

/** Every page of a search, followed by cursor: the ids in the order they came. */
async function allPages(input: ListInput, who: StudioUser = user): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await studio.caller(who).prediction.list({ ...input, ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor);
  return { ids, pages };
}

/** `count` image creations of `who` with `prompt`, one second apart from `start`; their ids, oldest first. */
async function addMany(who: StudioUser, prompt: string, count: number, start: Date): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(start.getTime() + i * 1000);
    return {
      userId: who.id, modelId: 'flux-schnell', appType: 'image', outputType: 'image', status: 'succeeded', input: { prompt: `${prompt} ${i}` },
      cost: 1, platform: 'local', providerTarget: 'flux-schnell', deadlineAt: new Date(at.getTime() + 60_000), createdAt: at, completedAt: at,
    };
  });
  await studio.db.generation.createMany({ data: rows });
  const made = await studio.db.generation.findMany({ where: { userId: who.id, createdAt: { gte: start } }, orderBy: { createdAt: 'asc' }, select: { id: true } });
  return made.map((row) => row.id);
}

beforeAll(async () => {
  studio = await startStudio();
  user = await studio.createUser();
  other = await studio.createUser();
  // Other people's lighthouses, older and newer than the user's own.
  await addCreation(studio, other, { prompt: 'a lighthouse in the fog', createdAt: minute(0) });
  mine.prompt = await addCreation(studio, user, { prompt: 'A lighthouse on a cliff at dusk', createdAt: minute(1) });
  mine.caption = await addCreation(studio, user, { prompt: '', modelId: 'image-caption', outputType: 'text', outputText: 'An old Lighthouse keeper', createdAt: minute(2) });
  mine.gone = await addCreation(studio, user, { prompt: 'lighthouse, deleted', createdAt: minute(3) });
  await studio.db.generation.update({ where: { id: mine.gone }, data: { deletedAt: minute(4) } });
  mine.video = await addCreation(studio, user, { prompt: 'storm at the lighthouse', modelId: 'kling-1.6-text-to-video', outputType: 'video', createdAt: minute(5) });
  await addCreation(studio, other, { prompt: 'lighthouse at night', createdAt: minute(6) });
  mine.accent = await addCreation(studio, user, { prompt: 'Phare — lighthouse, Bretagne', createdAt: minute(7) });
  await addCreation(studio, user, { prompt: 'a harbour at noon', createdAt: minute(8) });
  mine.marks = await addCreation(studio, user, { prompt: 'sign: "{open}" back\\slash, it’s 50%_off', createdAt: minute(10) });
  await addCreation(studio, other, { prompt: 'my lighthouse drawing', createdAt: minute(9) });
}, 120_000);

afterAll(async () => {
  await studio?.stop();
});

describe('a word few creations hold', () => {
  it('finds it in the prompt and in the caption, pages through the matches by cursor, and never shows anyone else’s', async () => {
    const newestFirst = [mine.accent, mine.video, mine.caption, mine.prompt];
    expect(await allPages({ q: 'lighthouse', limit: 1 })).toEqual({ ids: newestFirst, pages: 4 });
    expect(await allPages({ q: 'LIGHTHOUSE', limit: 3 })).toEqual({ ids: newestFirst, pages: 2 });
    expect((await allPages({ q: 'lighthouse', sort: 'oldest', limit: 2 })).ids).toEqual([...newestFirst].reverse());
    expect((await allPages({ q: 'ghthou' })).ids).toEqual(newestFirst);
    expect((await allPages({ q: 'lighthouse', type: 'video' })).ids).toEqual([mine.video]);
    expect((await allPages({ q: 'lighthouse cliff' })).ids).toEqual([mine.prompt]);
  });

  it('takes quotes, braces, backslashes and LIKE’s own characters in a word literally', async () => {
    for (const q of ['"{open}"', '{open}', 'back\\slash', 'it’s', '50%_off', 'sign: "{open}"']) expect((await allPages({ q })).ids, q).toEqual([mine.marks]);
    expect((await allPages({ q: '50%_of_' })).ids).toEqual([]);
    expect((await allPages({ q: 'back\\\\slash' })).ids).toEqual([]);
  });

  it('finds nothing for a word only other people’s creations hold, and their search finds none of the user’s', async () => {
    expect((await allPages({ q: 'fog' })).ids).toEqual([]);
    expect((await allPages({ q: 'dusk' }, other)).ids).toEqual([]);
    expect((await allPages({ q: 'lighthouse' }, other)).ids).toHaveLength(3);
  });
});

describe('a word too short for the index', () => {
  it('is found by walking the history, the user’s own rows only', async () => {
    expect((await allPages({ q: 'ke', limit: 1 })).ids).toEqual([mine.caption]);
    expect((await allPages({ q: 'my' })).ids).toEqual([]);
  });
});

describe('a word more creations hold than the index is asked for', () => {
  it('is found by walking the history in order, page after page, the user’s own rows only', async () => {
    const start = new Date(Date.UTC(2026, 10, 2, 12, 0));
    const theirs = await addMany(other, 'a beacon by the sea', 5, new Date(start.getTime() + 500));
    const ours = await addMany(user, 'a beacon by the sea', FEW_MATCHES + 2, start);
    const first = await studio.caller(user).prediction.list({ q: 'beacon', limit: 50 });
    expect(first.items.map((item) => item.id)).toEqual([...ours].reverse().slice(0, 50));
    const second = await studio.caller(user).prediction.list({ q: 'beacon', limit: 50, cursor: first.nextCursor! });
    expect(second.items.map((item) => item.id)).toEqual([...ours].reverse().slice(50, 100));
    const everything = await allPages({ q: 'beacon sea', sort: 'oldest', limit: 50 });
    expect(everything.ids).toEqual(ours);
    expect(everything.ids.some((id) => theirs.includes(id))).toBe(false);
    expect((await allPages({ q: 'beacon' }, other)).ids).toEqual([...theirs].reverse());
  }, 60_000);
});
