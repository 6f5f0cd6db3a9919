/**
 * Results flow into the next tool (issue 12 §2, §3 Remix) on the embedded defaults: our own stored
 * objects are accepted as inputs by reference under the privacy rules of storage, and a hand-over
 * link (?input=, ?prompt=, ?remix=) resolves with the viewer's rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApp } from '~/catalogue';
import { resolveHandOver } from '~/server/services/hand-over';
import { startStudio, type Studio, type StudioUser, runUntil } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

const finish = (id: string) => runUntil(studio.db, id, undefined, 20_000);

/** A finished FLUX schnell image of the user's: its stored output (URL and object key). */
async function imageResult(user: StudioUser, options: { isPublic?: boolean } = {}) {
  const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a red kite', is_public: options.isPublic ?? true });
  expect((await finish(submitted.id)).status).toBe('succeeded');
  const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
  const media = prediction.display.outputMedia[0]!;
  return { id: submitted.id, url: media.publicUrl, key: media.key };
}

const PRIVATE_INPUT = 'An input image is private to another account, so only its owner can use it. Please upload an image of your own.';

describe('our stored objects as inputs by reference', () => {
  it('accepts the caller’s own result as the next tool’s input: no download, no re-upload', async () => {
    const user = await studio.createUser({ credits: 20 });
    const result = await imageResult(user);
    expect(result.key).toMatch(new RegExp(`^u/${user.id}/generations/${result.id}/`));
    // A light tool: an upscale of the 1024×1024 result would be half a minute of the local model's time.
    const cutOut = await studio.caller(user).generation.submit({ model_id: 'remove-background', image_url: result.url, credit_to_consume: 1 });
    const row = await finish(cutOut.id);
    expect(row.error).toBeNull();
    expect(row.status).toBe('succeeded');
    const prediction = await studio.caller(user).prediction.get({ id: cutOut.id });
    expect(prediction.display.inputImages).toEqual([result.url]);
    expect(await studio.balance(user)).toBe(20 - 1 - 1);
  });

  it('accepts the caller’s own private result (premium) and keeps it private', async () => {
    const owner = await studio.createUser({ credits: 20, premium: true });
    const result = await imageResult(owner, { isPublic: false });
    const next = await studio.caller(owner).generation.submit({ model_id: 'remove-background', image_url: result.url, is_public: false });
    expect((await finish(next.id)).status).toBe('succeeded');
    expect((await studio.db.storedObject.findUniqueOrThrow({ where: { key: result.key } })).isPrivate).toBe(true);
  });

  it('refuses another user’s private object with a message that says why, and charges nothing', async () => {
    const owner = await studio.createUser({ credits: 20, premium: true });
    const stranger = await studio.createUser({ credits: 20 });
    const secret = await imageResult(owner, { isPublic: false });
    const before = await studio.db.generation.count({ where: { userId: stranger.id } });

    await expect(studio.caller(stranger).generation.submit({ model_id: 'upscaler', image_url: secret.url })).rejects.toMatchObject({ code: 'FORBIDDEN', message: PRIVATE_INPUT });
    await expect(studio.caller(stranger).generation.check({ model_id: 'upscaler', image_url: secret.url })).rejects.toMatchObject({ code: 'FORBIDDEN', message: PRIVATE_INPUT });
    // The synchronous tools and the legacy REST path refuse it the same way.
    await expect(studio.caller(stranger).generation.runSync({ model_id: 'image-caption', image_url: secret.url })).rejects.toMatchObject({ code: 'FORBIDDEN', message: PRIVATE_INPUT });
    const legacy = await fetch(`${studio.server.url}/api/unigen`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await studio.cookieFor(stranger), origin: studio.server.url },
      body: JSON.stringify({ model_id: 'upscaler', image_url: secret.url }),
    });
    expect(legacy.status).toBe(403);
    expect(await legacy.json()).toEqual({ success: false, data: null, message: PRIVATE_INPUT, error: 'private_input' });
    // Reference images of multi-image tools are checked too.
    await expect(
      studio.caller(stranger).generation.submit({ model_id: 'kling-1.6-multi', prompt: 'two friends wave', input_image_urls: [await studio.upload(stranger), secret.url] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: PRIVATE_INPUT });

    expect(await studio.balance(stranger)).toBe(20);
    expect(await studio.db.generation.count({ where: { userId: stranger.id } })).toBe(before);
  });

  it('accepts another user’s public object, as public objects are readable by anyone; a private generation leaves it public', async () => {
    const author = await studio.createUser({ credits: 20 });
    const fan = await studio.createUser({ credits: 20, premium: true });
    const shared = await imageResult(author);
    const next = await studio.caller(fan).generation.submit({ model_id: 'remove-background', image_url: shared.url, is_public: false });
    const row = await finish(next.id);
    expect(row.status).toBe('succeeded');
    expect(row.isPublic).toBe(false);
    // The author's object is not the fan's to make private.
    expect((await studio.db.storedObject.findUniqueOrThrow({ where: { key: shared.key } })).isPrivate).toBe(false);
    expect((await fetch(shared.url)).status).toBe(200);
  });

  it('refuses a deleted object of ours, saying it no longer exists', async () => {
    const user = await studio.createUser({ credits: 20 });
    const gone = await imageResult(user);
    await studio.caller(user).prediction.delete({ id: gone.id });
    await expect(studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: gone.url })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'An input image no longer exists in the studio (it was deleted). Please upload it again.',
    });
    expect(await studio.balance(user)).toBe(19);
  });
});

describe('hand-over links resolve with the viewer’s rights', () => {
  const upscalerApp = getApp('upscaler')!;

  it('?input= puts the viewer’s own image (even private) into the model’s image field', async () => {
    const owner = await studio.createUser({ credits: 20, premium: true });
    const secret = await imageResult(owner, { isPublic: false });
    const own = await resolveHandOver(studio.db, owner.id, upscalerApp, { input: secret.key });
    expect(own).toEqual({ modelId: null, values: { image_url: secret.url }, unavailable: [], moveTo: null });
    // Reference-image tools get it as their list; start-frame tools in the start frame.
    const multi = await resolveHandOver(studio.db, owner.id, getApp('image-to-video')!, { model: 'kling-1.6-multi', input: secret.key });
    expect(multi.values).toEqual({ input_image_urls: [secret.url] });
    const animate = await resolveHandOver(studio.db, owner.id, getApp('image-to-video')!, { input: secret.key });
    expect(animate.values).toEqual({ start_image_url: secret.url });
  });

  it('?input= leaves out another user’s private image, and a key that does not exist', async () => {
    const owner = await studio.createUser({ credits: 20, premium: true });
    const stranger = await studio.createUser({ credits: 20 });
    const secret = await imageResult(owner, { isPublic: false });
    expect(await resolveHandOver(studio.db, stranger.id, upscalerApp, { input: secret.key })).toEqual({ modelId: null, values: {}, unavailable: ['input'], moveTo: null });
    expect(await resolveHandOver(studio.db, null, upscalerApp, { input: secret.key })).toEqual({ modelId: null, values: {}, unavailable: ['input'], moveTo: null });
    expect((await resolveHandOver(studio.db, owner.id, upscalerApp, { input: 'u/nobody/generations/x/0-nothing.png' })).unavailable).toEqual(['input']);
    expect((await resolveHandOver(studio.db, owner.id, upscalerApp, { input: '../../etc/passwd' })).unavailable).toEqual(['input']);
  });

  it('?prompt= fills the prompt of a model that has one', async () => {
    const flux = await resolveHandOver(studio.db, null, getApp('flux')!, { prompt: '  A cat on a sofa, soft window light.  ' });
    expect(flux).toEqual({ modelId: null, values: { prompt: 'A cat on a sofa, soft window light.' }, unavailable: [], moveTo: null });
    expect((await resolveHandOver(studio.db, null, upscalerApp, { prompt: 'no prompt field here' })).unavailable).toEqual(['prompt']);
  });

  it('?remix= restores a creation’s exact settings for its owner, never another user’s private one', async () => {
    const owner = await studio.createUser({ credits: 100, premium: true });
    const stranger = await studio.createUser({ credits: 20 });
    const image = await studio.upload(owner);
    const settings = { prompt: 'a lighthouse in fog', image_url: image, prompt_strength: 0.6, image_size: '16:9', guidance: 4.5, num_outputs: 2, seed: 4242 };
    const submitted = await studio.caller(owner).generation.submit({ model_id: 'flux-dev', appId: 'image-to-image', pageId: '/create/image-to-image', ...settings, is_public: false });

    const remix = await resolveHandOver(studio.db, owner.id, getApp('image-to-image')!, { model: 'flux-dev', remix: submitted.id });
    expect(remix).toEqual({ modelId: 'flux-dev', values: { ...settings, is_public: false }, unavailable: [], moveTo: null });

    expect(await resolveHandOver(studio.db, stranger.id, getApp('image-to-image')!, { remix: submitted.id })).toEqual({ modelId: null, values: {}, unavailable: ['remix'], moveTo: null });
    // A public creation may be remixed by anyone, as anyone may see it.
    const open = await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: 'open to all', seed: 7 });
    const theirs = await resolveHandOver(studio.db, stranger.id, getApp('flux')!, { remix: open.id });
    expect(theirs.modelId).toBe('flux-schnell');
    expect(theirs.values).toMatchObject({ prompt: 'open to all', seed: 7 });
    // Opened in an app that does not offer its model (a stale link), it moves to the model's own app.
    expect(await resolveHandOver(studio.db, owner.id, getApp('upscaler')!, { remix: submitted.id })).toEqual({ modelId: null, values: {}, unavailable: [], moveTo: 'flux-dev' });
    // A deleted creation is gone for everyone.
    await studio.caller(owner).prediction.delete({ id: open.id });
    expect((await resolveHandOver(studio.db, owner.id, getApp('flux')!, { remix: open.id })).unavailable).toEqual(['remix']);
  });
});
