/**
 * The share page /c/{id} (issue 21 §6, §7): a public result renders for its owner, another user
 * and a signed-out visitor, with the image's real size for Open Graph; a private, deleted or unknown
 * id is the same "not found" for everyone but the owner, who sees a private one marked private;
 * no answer may be kept by a cache; turning a result private closes its page at once.
 */
import type { ServerResponse } from 'node:http';
import type { GetServerSidePropsContext } from 'next';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { sharePageProps, SHARE_PAGE_CACHE_CONTROL } from '~/server/pages/share-page';
import { getStorage } from '~/server/services/storage';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;
let owner: StudioUser;
let other: StudioUser;
const ids: Record<'public' | 'private' | 'deleted', string> = { public: '', private: '', deleted: '' };

async function result(user: StudioUser, prompt: string, isPublic: boolean): Promise<string> {
  const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt, is_public: isPublic });
  expect((await runUntil(studio.db, id)).status).toBe('succeeded');
  return id;
}

type Visitor = 'owner' | 'other' | 'signed-out';

/** The page's server answer for a visitor, and the Cache-Control it set. */
async function visit(id: string, visitor: Visitor) {
  const cookie = visitor === 'owner' ? await studio.cookieFor(owner) : visitor === 'other' ? await studio.cookieFor(other) : undefined;
  const headers: Record<string, string | number | readonly string[]> = {};
  // As Next hands a page's getServerSideProps its request: the Cookie header, and the cookies parsed.
  const cookies = cookie ? Object.fromEntries([cookie.split(/=(.*)/s).slice(0, 2) as [string, string]]) : {};
  const req = { headers: cookie ? { cookie } : {}, cookies } as unknown as GetServerSidePropsContext['req'];
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value) } as unknown as ServerResponse;
  const answer = await sharePageProps({ req, res, params: { id }, locale: 'en' });
  return { answer, cacheControl: headers['cache-control'] };
}

beforeAll(async () => {
  studio = await startStudio();
  owner = await studio.createUser({ credits: 100, premium: true });
  other = await studio.createUser({ credits: 10 });
  ids.public = await result(owner, 'a lighthouse in the fog', true);
  ids.private = await result(owner, 'a secret garden', false);
  ids.deleted = await result(owner, 'gone soon', true);
  await studio.caller(owner).prediction.delete({ id: ids.deleted });
}, 120_000);

afterAll(async () => {
  await studio?.stop();
});

describe('share page statuses', () => {
  it('a public result renders for its owner, another user and a signed-out visitor', async () => {
    for (const visitor of ['owner', 'other', 'signed-out'] as const) {
      const { answer, cacheControl } = await visit(ids.public, visitor);
      expect(cacheControl).toBe(SHARE_PAGE_CACHE_CONTROL);
      expect('props' in answer, visitor).toBe(true);
      if (!('props' in answer)) continue;
      const props = await answer.props;
      expect(props.creation).toMatchObject({
        id: ids.public,
        isOwner: visitor === 'owner',
        isPublic: true,
        modelName: 'FLUX.1 [schnell]',
        prompt: 'a lighthouse in the fog',
        outputType: 'image',
        pageUrl: `${process.env.NEXTAUTH_URL}/c/${ids.public}`,
      });
      expect(props.creation.remixHref).toMatch(new RegExp(`^/create/[^?]+\\?model=flux-schnell&remix=${ids.public}$`));
      expect(props.signedIn).toBe(visitor !== 'signed-out');
    }
  });

  it('gives Open Graph the image’s real width and height', async () => {
    const { answer } = await visit(ids.public, 'signed-out');
    const props = 'props' in answer ? await answer.props : null;
    const media = props!.creation.media[0]!;
    const row = await studio.db.generation.findUniqueOrThrow({ where: { id: ids.public } });
    const key = (row.outputs as { key: string }[])[0]!.key;
    const object = await getStorage().getObject(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    const real = await sharp(Buffer.concat(chunks)).metadata();
    expect({ width: media.width, height: media.height }).toEqual({ width: real.width, height: real.height });
    expect(media.width).toBeGreaterThan(0);
  });

  it('private, deleted and unknown ids are the same not found for everyone but the owner of a private one', async () => {
    const cases: [string, Visitor, boolean][] = [
      [ids.private, 'owner', true],
      [ids.private, 'other', false],
      [ids.private, 'signed-out', false],
      [ids.deleted, 'owner', false],
      [ids.deleted, 'other', false],
      [ids.deleted, 'signed-out', false],
      ['cnevernevernever0000000000', 'owner', false],
      ['cnevernevernever0000000000', 'other', false],
      ['cnevernevernever0000000000', 'signed-out', false],
      ['x'.repeat(65), 'signed-out', false],
    ];
    for (const [id, visitor, shown] of cases) {
      const { answer, cacheControl } = await visit(id, visitor);
      expect(cacheControl, `${id} ${visitor}`).toBe(SHARE_PAGE_CACHE_CONTROL);
      if (shown) {
        const props = 'props' in answer ? await answer.props : null;
        expect(props?.creation).toMatchObject({ id, isOwner: true, isPublic: false, prompt: 'a secret garden' });
      } else {
        expect(answer, `${id} ${visitor}`).toEqual({ notFound: true });
      }
    }
  });
});

describe('the owner’s say over the page', () => {
  it('turning a result private closes its page at once; public again reopens it', async () => {
    const id = await result(owner, 'a short-lived public', true);
    expect('props' in (await visit(id, 'other')).answer).toBe(true);
    expect(await studio.caller(owner).prediction.setSharing({ id, isPublic: false })).toEqual({ id, isPublic: false, promptHidden: false, review: null });
    expect((await visit(id, 'other')).answer).toEqual({ notFound: true });
    expect((await visit(id, 'signed-out')).answer).toEqual({ notFound: true });
    await expect(studio.caller(other).prediction.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const objects = await studio.db.storedObject.findMany({ where: { generationId: id } });
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.every((o) => o.isPrivate)).toBe(true);
    await studio.caller(owner).prediction.setSharing({ id, isPublic: true });
    expect('props' in (await visit(id, 'signed-out')).answer).toBe(true);
  });

  it('making a result private is premium; another user cannot change it', async () => {
    const free = await studio.createUser({ credits: 10 });
    const id = await result(free, 'free and public', true);
    await expect(studio.caller(free).prediction.setSharing({ id, isPublic: false })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Upgrade to premium to make the generation private' });
    await expect(studio.caller(owner).prediction.setSharing({ id, promptHidden: true })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Generation not found.' });
    expect(await studio.db.generation.findUniqueOrThrow({ where: { id }, select: { isPublic: true, promptHidden: true } })).toEqual({ isPublic: true, promptHidden: false });
  });

  it('a hidden prompt is shown to nobody but the owner: page, public read and remix link', async () => {
    const id = await result(owner, 'my secret recipe', true);
    await studio.caller(owner).prediction.setSharing({ id, promptHidden: true });
    const seen = async (visitor: Visitor) => {
      const { answer } = await visit(id, visitor);
      return 'props' in answer ? (await answer.props).creation : null;
    };
    expect(await seen('signed-out')).toMatchObject({ prompt: null, promptHidden: true });
    expect(await seen('owner')).toMatchObject({ prompt: 'my secret recipe', promptHidden: true });
    expect((await studio.caller(other).prediction.get({ id })).display.prompt).toBeNull();
    expect((await studio.caller(owner).prediction.get({ id })).display.prompt).toBe('my secret recipe');
    // The owner's lists carry the choice, so the details opened from either show the switch as it is.
    expect((await studio.caller(owner).prediction.recent({ limit: 12 })).find((c) => c.id === id)).toMatchObject({ promptHidden: true, display: { prompt: 'my secret recipe' } });
    expect((await studio.caller(owner).prediction.list({ limit: 50 })).items.find((c) => c.id === id)).toMatchObject({ promptHidden: true });
  });

  it('without premium, the prompt may still be hidden, and a result kept private from a lapsed plan made public again', async () => {
    const lapsed = await studio.createUser({ credits: 10, premium: true });
    const id = await result(lapsed, 'from the premium days', false);
    await studio.db.user.update({ where: { id: lapsed.id }, data: { premium: false } });
    expect(await studio.caller(lapsed).prediction.setSharing({ id, promptHidden: true })).toEqual({ id, isPublic: false, promptHidden: true, review: null });
    // A change that would make it private again is refused whole: the prompt stays as it was.
    await expect(studio.caller(lapsed).prediction.setSharing({ id, isPublic: false, promptHidden: false })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Upgrade to premium to make the generation private' });
    expect(await studio.caller(lapsed).prediction.setSharing({ id, isPublic: true })).toEqual({ id, isPublic: true, promptHidden: true, review: null });
    const { answer } = await visit(id, 'signed-out');
    expect('props' in answer ? (await answer.props).creation : null).toMatchObject({ id, isPublic: true, prompt: null, promptHidden: true });
  });

  it('maintenance blocks generating, not sharing: the owner can still make a result private and hide its prompt', async () => {
    const id = await result(owner, 'shared before the maintenance', true);
    process.env.MAINTENANCE_ENABLED = 'true';
    resetEnvCache();
    try {
      await expect(studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: 'during maintenance' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(await studio.caller(owner).prediction.setSharing({ id, isPublic: false, promptHidden: true })).toEqual({ id, isPublic: false, promptHidden: true, review: null });
      expect((await visit(id, 'other')).answer).toEqual({ notFound: true });
    } finally {
      delete process.env.MAINTENANCE_ENABLED;
      resetEnvCache();
    }
  });
});
