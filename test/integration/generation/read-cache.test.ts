/**
 * The poll path's read cache in one server process (PGlite, or PostgreSQL with its bus): a poll is
 * answered from memory once read, every announced change is seen by the next read, a read under
 * way when a change comes keeps nothing, and privacy and deletion apply to cached rows exactly as
 * to rows read from the database. (test/integration/generation/two-instances.test.ts covers
 * several instances on one PostgreSQL server.)
 *
 * A "silent write" below changes a row in the database without announcing it, which no code of
 * the studio does: it shows whether an answer came from memory or from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerRuntime, serverRuntimeReady } from '~/server/runtime';
import { announceGenerationChange, setRemoteGenerationBus } from '~/server/services/generation/events';
import { findGeneration } from '~/server/services/generation/read-cache';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  // The catalogue's own queue waits (free 60 s, premium 10 s), far longer than this file runs: the
  // engine dispatches none of its generations, so only what a test does changes them. (Under the
  // default test scale a premium job went out 100 ms after its submit, announcing a change that
  // could land between a test's reads.)
  studio = await startStudio({ env: { TIME_SCALE: '1' } });
  // The server runtime decides when the cache may serve (PGlite: always; PostgreSQL: bus up).
  ensureServerRuntime(studio.db);
  await serverRuntimeReady();
});

afterAll(async () => {
  await studio?.stop();
});

async function silentWrite(id: string, error: string): Promise<void> {
  await studio.db.generation.update({ where: { id }, data: { error } });
}

/** A free user's generation: it waits in the queue (60 s) untouched by the engine. */
async function queuedGeneration(user: StudioUser, prompt: string): Promise<string> {
  return (await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt })).id;
}

describe('the poll path’s read cache', () => {
  it('answers a repeated poll from memory and reads again after an announced change', async () => {
    const user = await studio.createUser({ credits: 50 });
    const id = await queuedGeneration(user, 'cached');
    expect((await studio.caller(user).prediction.get({ id })).error).toBeNull();
    await silentWrite(id, 'written without an announcement');
    expect((await studio.caller(user).prediction.get({ id })).error).toBeNull();
    await announceGenerationChange({ generationId: id });
    expect((await studio.caller(user).prediction.get({ id })).error).toBe('written without an announcement');
  });

  it('a read under way when a change is announced keeps nothing', async () => {
    const user = await studio.createUser({ credits: 50 });
    const id = await queuedGeneration(user, 'racing');
    const underWay = findGeneration(studio.db, id);
    await announceGenerationChange({ generationId: id });
    expect((await underWay)?.id).toBe(id);
    await silentWrite(id, 'after the announcement');
    expect((await studio.caller(user).prediction.get({ id })).error).toBe('after the announcement');
  });

  it('shows a cancel, and a delete, to the very next poll', async () => {
    const user = await studio.createUser({ credits: 50 });
    const id = await queuedGeneration(user, 'to cancel, then delete');
    expect((await studio.caller(user).prediction.get({ id })).status).toBe('pending');
    await studio.caller(user).generation.cancel({ id });
    expect(await studio.caller(user).prediction.get({ id })).toMatchObject({ status: 'failed', error: 'Generation canceled.' });
    await studio.caller(user).prediction.delete({ id });
    await expect(studio.caller(user).prediction.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Generation not found.' });
    const legacy = await fetch(`${studio.server.url}/api/unigen/${id}`, { headers: { cookie: await studio.cookieFor(user) } });
    expect(legacy.status).toBe(404);
    expect(await legacy.json()).toMatchObject({ success: false, message: 'Generation not found.', error: 'not_found' });
  });

  it('never shows a cached private generation to anyone but its owner', async () => {
    const owner = await studio.createUser({ credits: 50, premium: true });
    const stranger = await studio.createUser({ credits: 50, premium: true });
    const { id } = await studio.caller(owner).generation.submit({ model_id: 'flux-dev', prompt: 'mine alone', is_public: false });
    expect((await studio.caller(owner).prediction.get({ id })).isOwner).toBe(true);
    await silentWrite(id, 'proves the next answers come from memory');
    expect((await studio.caller(owner).prediction.get({ id })).error).toBeNull();
    await expect(studio.caller(stranger).prediction.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Generation not found.' });
    await expect(studio.caller(null).prediction.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Generation not found.' });
    const legacy = await fetch(`${studio.server.url}/api/unigen/${id}`, { headers: { cookie: await studio.cookieFor(stranger) } });
    expect(legacy.status).toBe(404);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('reads from the database while the cross-instance bus is down', async () => {
    const user = await studio.createUser({ credits: 50 });
    const id = await queuedGeneration(user, 'bus down');
    expect((await studio.caller(user).prediction.get({ id })).error).toBeNull();
    // The listener lost: this instance could miss other instances' changes (afterAll stops the rest).
    setRemoteGenerationBus(undefined);
    await silentWrite(id, 'another instance changed it');
    expect((await studio.caller(user).prediction.get({ id })).error).toBe('another instance changed it');
  });
});
