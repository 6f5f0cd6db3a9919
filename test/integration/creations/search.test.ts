/**
 * History search (issue 21 §1): words from the prompt and the caption text of text results, case
 * and accents ignored, partial words, every word required, combined with the filters, a date
 * range, newest or oldest first and a cursor. Runs on PGlite and on PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { addCreation, minute } from './history-fixtures';

let studio: Studio;
let user: StudioUser;
const ids: Record<string, string> = {};

type ListInput = Parameters<ReturnType<Studio['caller']>['prediction']['list']>[0];

async function found(input: ListInput, who: StudioUser = user): Promise<string[]> {
  const page = await studio.caller(who).prediction.list(input);
  return page.items.map((item) => item.id);
}

beforeAll(async () => {
  studio = await startStudio();
  user = await studio.createUser({ credits: 10 });
  ids.creme = await addCreation(studio, user, { prompt: 'A Crème Brûlée on a blue plate', createdAt: minute(1) });
  ids.fox = await addCreation(studio, user, { prompt: 'red FOX in the snow', createdAt: minute(2) });
  ids.foxVideo = await addCreation(studio, user, { prompt: 'a red fox running, slow motion', modelId: 'kling-1.6-text-to-video', outputType: 'video', createdAt: minute(3) });
  ids.caption = await addCreation(studio, user, { prompt: '', modelId: 'image-caption', outputType: 'text', outputText: 'A café terrace at night with a foxglove pot', createdAt: minute(4) });
  ids.failedFox = await addCreation(studio, user, { prompt: 'fox portrait', status: 'failed', createdAt: minute(5) });
  ids.percent = await addCreation(studio, user, { prompt: 'sale 100% off_banner', createdAt: minute(6) });
  const other = await studio.createUser();
  ids.theirs = await addCreation(studio, other, { prompt: 'red fox of someone else', createdAt: minute(7) });
});

afterAll(async () => {
  await studio?.stop();
});

describe('search words', () => {
  it('finds a word in the prompt whatever its case', async () => {
    expect(await found({ q: 'fox' })).toEqual([ids.failedFox, ids.caption, ids.foxVideo, ids.fox]);
    expect(await found({ q: 'FOX' })).toEqual(await found({ q: 'fox' }));
  });

  it('matches partial words, and the caption text of text results', async () => {
    expect(await found({ q: 'glove' })).toEqual([ids.caption]);
    expect(await found({ q: 'terr' })).toEqual([ids.caption]);
    expect(await found({ q: 'runn' })).toEqual([ids.foxVideo]);
  });

  it('ignores accents on either side', async () => {
    expect(await found({ q: 'creme brulee' })).toEqual([ids.creme]);
    expect(await found({ q: 'CRÈME' })).toEqual([ids.creme]);
    expect(await found({ q: 'cafe' })).toEqual([ids.caption]);
    expect(await found({ q: 'café' })).toEqual([ids.caption]);
  });

  it('requires every word, in any order', async () => {
    expect(await found({ q: 'snow red' })).toEqual([ids.fox]);
    expect(await found({ q: '  fox   slow  ' })).toEqual([ids.foxVideo]);
    expect(await found({ q: 'fox plate' })).toEqual([]);
  });

  it('finds nothing for a word no prompt has, and nothing of anyone else', async () => {
    expect(await found({ q: 'zebra' })).toEqual([]);
    expect(await found({ q: 'someone' })).toEqual([]);
  });

  it('takes LIKE’s own characters literally', async () => {
    expect(await found({ q: '100%' })).toEqual([ids.percent]);
    expect(await found({ q: 'off_b' })).toEqual([ids.percent]);
    expect(await found({ q: '%' })).toEqual([ids.percent]);
    expect(await found({ q: 'f_x' })).toEqual([]);
  });

  it('an empty or blank query lists everything', async () => {
    expect(await found({ q: '   ' })).toHaveLength(6);
  });
});

describe('search with the filters, dates, order and a cursor', () => {
  it('combines with type, status and model', async () => {
    expect(await found({ q: 'fox', type: 'video' })).toEqual([ids.foxVideo]);
    expect(await found({ q: 'fox', status: 'failed' })).toEqual([ids.failedFox]);
    expect(await found({ q: 'fox', modelId: 'flux-schnell', status: 'succeeded' })).toEqual([ids.fox]);
    expect(await found({ q: 'fox', type: 'text' })).toEqual([ids.caption]);
  });

  it('keeps to a date range: from included, to excluded', async () => {
    expect(await found({ q: 'fox', from: minute(2), to: minute(4) })).toEqual([ids.foxVideo, ids.fox]);
    expect(await found({ from: minute(6) })).toEqual([ids.percent]);
    expect(await found({ to: minute(2) })).toEqual([ids.creme]);
    await expect(studio.caller(user).prediction.list({ from: minute(4), to: minute(2) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('The start date must be before the end date.'),
    });
  });

  it('sorts newest or oldest first and pages through the matches with a cursor', async () => {
    expect(await found({ q: 'fox', sort: 'oldest' })).toEqual([ids.fox, ids.foxVideo, ids.caption, ids.failedFox]);
    const caller = studio.caller(user);
    const first = await caller.prediction.list({ q: 'fox', sort: 'oldest', limit: 3 });
    expect(first.items.map((i) => i.id)).toEqual([ids.fox, ids.foxVideo, ids.caption]);
    const second = await caller.prediction.list({ q: 'fox', sort: 'oldest', limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((i) => i.id)).toEqual([ids.failedFox]);
    expect(second.nextCursor).toBeNull();
    const newest = await caller.prediction.list({ q: 'red', limit: 1 });
    expect(newest.items.map((i) => i.id)).toEqual([ids.foxVideo]);
    const next = await caller.prediction.list({ q: 'red', limit: 1, cursor: newest.nextCursor! });
    expect(next.items.map((i) => i.id)).toEqual([ids.fox]);
    expect(next.nextCursor).toBeNull();
  });

  it('another user’s id as the cursor finds nothing', async () => {
    expect(await found({ q: 'fox', cursor: ids.theirs })).toEqual([]);
  });

  it('a creation edited later is found by its new text (the database keeps the search text)', async () => {
    const id = await addCreation(studio, user, { prompt: 'placeholder', modelId: 'image-caption', outputType: 'text', createdAt: minute(8) });
    expect(await found({ q: 'lighthouse' })).toEqual([]);
    await studio.db.generation.update({ where: { id }, data: { outputText: 'An old Lighthouse at dawn' } });
    expect(await found({ q: 'lighthouse' })).toEqual([id]);
    await studio.db.generation.delete({ where: { id } });
  });

  it('a creation made through generation.submit is searchable', async () => {
    const maker = await studio.createUser({ credits: 10 });
    const { id } = await studio.caller(maker).generation.submit({ model_id: 'flux-schnell', prompt: 'Über-Äpfel im Schnee' });
    expect(await found({ q: 'uber apfel' }, maker)).toEqual([id]);
  });
});
