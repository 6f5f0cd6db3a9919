/**
 * Creations people can manage (issue 12 §3): prediction.list filtered by output type, status and
 * model (validated) with a cursor; several deleted at once (all or none); several downloaded as
 * one ZIP of their files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type Studio, type StudioUser, runUntil } from '@test/helpers/studio';
import { unzip } from '@test/helpers/zip';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

const finish = (id: string) => runUntil(studio.db, id);

async function submit(user: StudioUser, input: Record<string, unknown>): Promise<string> {
  return (await studio.caller(user).generation.submit(input)).id;
}

describe('prediction.list filters', () => {
  it('filters by output type, status and model, pages with a cursor within the filter', async () => {
    const user = await studio.createUser({ credits: 1000, premium: true });
    const schnellA = await submit(user, { model_id: 'flux-schnell', prompt: 'a' });
    const video = await submit(user, { model_id: 'kling-1.6-text-to-video', prompt: 'waves at night' });
    const schnellB = await submit(user, { model_id: 'flux-schnell', prompt: 'b' });
    const dev = await submit(user, { model_id: 'flux-dev', prompt: 'c' });
    const running = await submit(user, { model_id: 'flux-schnell', prompt: 'still running' });
    // Running for the whole test: not due for an hour (the engine dispatches only what is due) and,
    // should its dispatch timer have fired first on a busy machine, an hour-long local run (the
    // local engine takes a tenth of the estimate, then the test scale's hundredth).
    await studio.db.generation.update({
      where: { id: running },
      data: { dispatchAt: new Date(Date.now() + 3_600_000), deadlineAt: new Date(Date.now() + 7_200_000), estimatedSeconds: 3_600_000 },
    });
    for (const id of [schnellA, video, schnellB, dev]) await finish(id);
    await studio.db.generation.update({ where: { id: dev }, data: { status: 'failed', error: 'Provider failed.' } });
    const canceled = await submit(user, { model_id: 'flux-schnell', prompt: 'to cancel' });
    await studio.caller(user).generation.cancel({ id: canceled });

    const list = (input: Parameters<ReturnType<Studio['caller']>['prediction']['list']>[0]) => studio.caller(user).prediction.list(input);
    const ids = async (input: Parameters<typeof list>[0]) => (await list(input)).items.map((p) => p.id);

    expect(await ids({ type: 'video' })).toEqual([video]);
    expect(await ids({ modelId: 'flux-schnell', status: 'succeeded' })).toEqual([schnellB, schnellA]);
    expect(await ids({ status: 'failed' })).toEqual([canceled, dev]);
    expect(await ids({ status: 'running' })).toEqual([running]);
    expect(await ids({ type: 'image', modelId: 'flux-dev' })).toEqual([dev]);
    expect(await ids({ type: 'text' })).toEqual([]);

    const first = await list({ modelId: 'flux-schnell', limit: 2 });
    expect(first.items.map((p) => p.id)).toEqual([canceled, running]);
    const second = await list({ modelId: 'flux-schnell', limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((p) => p.id)).toEqual([schnellB, schnellA]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses filter values it does not know, with a clear message', async () => {
    const user = await studio.createUser({ credits: 1 });
    const caller = studio.caller(user);
    await expect(caller.prediction.list({ modelId: 'not-a-model' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Unknown model: choose one of the catalogue’s models.') });
    await expect(caller.prediction.list({ status: 'pending' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.prediction.list({ type: 'audio' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('several creations at once', () => {
  it('deletes the selected creations and their files, all or none', async () => {
    const user = await studio.createUser({ credits: 100 });
    const other = await studio.createUser({ credits: 10 });
    const mine = [await submit(user, { model_id: 'flux-schnell', prompt: '1' }), await submit(user, { model_id: 'flux-schnell', prompt: '2' }), await submit(user, { model_id: 'flux-schnell', prompt: '3' })];
    const theirs = await submit(other, { model_id: 'flux-schnell', prompt: 'not yours' });
    for (const id of [...mine, theirs]) await finish(id);
    const stored = await studio.db.storedObject.findMany({ where: { generationId: { in: mine.slice(0, 2) } } });
    expect(new Set(stored.map((o) => o.generationId))).toEqual(new Set(mine.slice(0, 2)));
    const files = stored.map((o) => o.key);

    // One id that is not the caller's: nothing is deleted, and the answer says so.
    await expect(studio.caller(user).prediction.deleteMany({ ids: [mine[0]!, theirs] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Some of these creations were not found. Nothing was deleted.',
    });
    expect(await studio.db.generation.count({ where: { id: { in: [...mine, theirs] }, deletedAt: null } })).toBe(4);
    await expect(studio.caller(user).prediction.deleteMany({ ids: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    expect(await studio.caller(user).prediction.deleteMany({ ids: [mine[0]!, mine[1]!] })).toEqual({ ids: [mine[0], mine[1]], deleted: 2 });
    expect((await studio.caller(user).prediction.list({})).items.map((p) => p.id)).toEqual([mine[2]]);
    expect(await studio.db.storedObject.count({ where: { key: { in: files } } })).toBe(0);
    expect(await studio.balance(user)).toBe(97);
  });

  it('downloads the selected creations as one ZIP of their files, for their owner only', async () => {
    const user = await studio.createUser({ credits: 100 });
    const stranger = await studio.createUser({ credits: 10 });
    const images = await submit(user, { model_id: 'flux-schnell', prompt: 'pair', num_outputs: 1 });
    const image = await studio.upload(user);
    const caption = await studio.caller(user).generation.runSync({ model_id: 'image-caption', image_url: image });
    await finish(images);
    const stored = await studio.caller(user).prediction.get({ id: images });
    const expectedImage = Buffer.from(await (await fetch(stored.display.outputMedia[0]!.publicUrl)).arrayBuffer());

    const url = `${studio.server.url}/api/creations/archive?ids=${images},${caption.id}`;
    const response = await fetch(url, { headers: { cookie: await studio.cookieFor(user) } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="creations-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual([`01-flux-schnell-${images}-1.jpg`, `02-image-caption-${caption.id}.txt`]);
    expect(entries[0]!.data.equals(expectedImage)).toBe(true);
    expect(entries[1]!.data.toString('utf8')).toBe(caption.text);

    const signedOut = await fetch(url);
    expect(signedOut.status).toBe(401);
    const strangers = await fetch(url, { headers: { cookie: await studio.cookieFor(stranger) } });
    expect(strangers.status).toBe(404);
    expect(await strangers.json()).toEqual({ success: false, data: null, message: 'Some of these creations were not found.', error: 'not_found' });
    const none = await fetch(`${studio.server.url}/api/creations/archive?ids=`, { headers: { cookie: await studio.cookieFor(user) } });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe('Select at least one creation to download.');
  });
});
