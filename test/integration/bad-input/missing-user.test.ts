/**
 * A session cookie is validly signed, but the user it names does not exist: deleted since, never
 * made, or a `sub` of `__proto__`. The hostile-input probe found `billing.status` answered 500 for
 * such a session (and the sweep found `credits.balance` answered 404 and `collection.list` 200 with
 * an empty list). Such a session is no one signed in: every procedure and every route answers it
 * exactly as it answers a request with no session, so each door that needs someone says 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor, type RouteServer } from '@test/helpers/api-route-server';
import { PROCEDURES } from '@test/helpers/procedures';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { serveTrpc } from './trpc-http';

let studio: Studio;
let trpc: RouteServer;
let user: StudioUser;
let shared: string;
let upload: string;
const sessions: { name: string; cookie: string }[] = [];

const SIGN_IN = 'Please sign in to continue.';

beforeAll(async () => {
  studio = await startStudio();
  trpc = await serveTrpc();
  user = await studio.createUser({ credits: 20 });
  shared = (await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a shared lighthouse' })).id;
  expect((await runUntil(studio.db, shared)).status).toBe('succeeded');
  upload = await studio.upload(user);
  const deleted = await studio.createUser({ credits: 20 });
  await studio.db.user.delete({ where: { id: deleted.id } });
  sessions.push(
    { name: 'a deleted user', cookie: await sessionCookieFor(deleted.id) },
    { name: 'a user never made', cookie: await sessionCookieFor('cnevermade0000000000000000') },
    { name: 'sub __proto__', cookie: await sessionCookieFor('__proto__') },
  );
}, 120_000);

afterAll(async () => {
  await trpc?.close();
  await studio?.stop();
});

/** Inputs that take each public procedure past its input check to where the caller matters. */
function inputFor(path: string): unknown {
  const generate = { model_id: 'flux-schnell', prompt: 'a lighthouse' };
  const inputs: Record<string, unknown> = {
    'generation.submit': generate,
    'generation.check': generate,
    'credits.estimate': generate,
    'generation.runSync': { model_id: 'image-to-prompt', image_url: upload },
    'generation.checkSync': { model_id: 'image-to-prompt', image_url: upload },
    'prediction.get': { id: shared },
    'media.proxyImage': { imageUrl: upload },
    'generation.model': { id: 'flux-schnell' },
    'generation.appModels': { id: 'flux' },
  };
  return Object.hasOwn(inputs, path) ? inputs[path] : {};
}

/** Every query and mutation (the subscription is called below, through the caller). */
const CALLS = PROCEDURES.filter((procedure) => procedure.type !== 'subscription');

type Answer = { status: number; body: unknown };

/** A call as the studio's pages make it (from the app's own origin), with the session given or none. */
async function call(path: string, type: string, cookie: string | undefined): Promise<Answer> {
  const input = JSON.stringify({ json: inputFor(path) });
  const headers: Record<string, string> = { origin: new URL(studio.server.url).origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const response =
    type === 'query'
      ? await fetch(`${trpc.url}/api/trpc/${path}?input=${encodeURIComponent(input)}`, { headers })
      : await fetch(`${trpc.url}/api/trpc/${path}`, { method: 'POST', headers, body: input });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** What varies between two answers alike: a random prompt. */
const comparable = (path: string, answer: Answer) => (path === 'generation.randomPrompt' ? { status: answer.status } : answer);

describe('every procedure', () => {
  it('answers each such session exactly as no session: the signed-in doors 401', async () => {
    const refused: string[] = [];
    for (const { path, type } of CALLS) {
      const signedOut = await call(path, type, undefined);
      if (signedOut.status === 401) refused.push(path);
      for (const session of sessions) {
        const answer = await call(path, type, session.cookie);
        expect({ path, session: session.name, ...comparable(path, answer) }).toEqual({ path, session: session.name, ...comparable(path, signedOut) });
      }
    }
    // The doors that need someone, billing.status (the probe's) among them, and the generate paths.
    expect(refused).toEqual(expect.arrayContaining(['billing.status', 'credits.balance', 'collection.list', 'user.details', 'prediction.recent', 'generation.submit', 'generation.runSync']));
    expect(refused.length).toBeGreaterThanOrEqual(30);
  });

  it('billing.status: 401 with the sign-in message, for each', async () => {
    for (const session of sessions) {
      expect(await call('billing.status', 'query', session.cookie)).toMatchObject({
        status: 401,
        body: { error: { json: { message: SIGN_IN, data: { code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'unauthorized', path: 'billing.status' } } } },
      });
    }
  });

  it('the subscription (live updates) refuses it as it refuses no one', async () => {
    for (const id of ['cnevermade0000000000000000', '__proto__']) {
      await expect(studio.caller({ id, email: '' }).prediction.onUpdate({})).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: SIGN_IN });
    }
  });

  it('changes nothing: no row is written for a user who does not exist', async () => {
    const before = { generations: await studio.db.generation.count(), ledger: await studio.db.creditLedgerEntry.count(), collections: await studio.db.collection.count() };
    for (const session of sessions) {
      await call('generation.submit', 'mutation', session.cookie);
      await call('collection.create', 'mutation', session.cookie);
    }
    expect({ generations: await studio.db.generation.count(), ledger: await studio.db.creditLedgerEntry.count(), collections: await studio.db.collection.count() }).toEqual(before);
  });
});

describe('every REST route', () => {
  const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
  const ROUTES: { path: string; init?: { method: string; body: string }; signIn: boolean }[] = [
    { path: '/api/get-user-details', init: post({}), signIn: true },
    { path: '/api/unigen', init: post({ model_id: 'flux-schnell', prompt: 'a lighthouse' }), signIn: true },
    { path: '/api/unigen/check', init: post({ model_id: 'flux-schnell', prompt: 'a lighthouse' }), signIn: true },
    { path: '/api/unigen/sync', init: post({ model_id: 'image-to-prompt', image_url: 'UPLOAD' }), signIn: true },
    { path: '/api/unigen/sync/check', init: post({ model_id: 'image-to-prompt', image_url: 'UPLOAD' }), signIn: true },
    { path: '/api/image2prompt', init: post({ image_url: 'UPLOAD' }), signIn: true },
    { path: '/api/caption-image', init: post({ image_url: 'UPLOAD' }), signIn: true },
    { path: '/api/get-signedurl', init: post({ contentType: 'image/png', remoteName: 'a.png', sourceSubfolder: 'uploads/2026-11-25', size: 10 }), signIn: true },
    { path: '/api/creations/archive?ids=SHARED', signIn: true },
    { path: '/api/unigen/SHARED', signIn: false },
    { path: '/api/image-proxy?imageUrl=UPLOAD_ENCODED', signIn: false },
    { path: '/api/storage/UPLOAD_KEY', signIn: false },
  ];

  function resolved(text: string): string {
    const key = new URL(upload).pathname.replace(/^\/api\/storage\//, '');
    return text.replaceAll('UPLOAD_ENCODED', encodeURIComponent(upload)).replaceAll('UPLOAD_KEY', key).replaceAll('UPLOAD', upload).replaceAll('SHARED', shared);
  }

  async function request(path: string, init: { method: string; body: string } | undefined, cookie: string | undefined): Promise<{ status: number; type: string | null; body: string }> {
    const headers: Record<string, string> = { origin: new URL(studio.server.url).origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
    const response = await fetch(`${studio.server.url}${resolved(path)}`, { headers, ...(init ? { method: init.method, body: resolved(init.body) } : {}) });
    return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()).toString('base64') };
  }

  it.each(ROUTES)('$path answers each such session exactly as no session', async ({ path, init, signIn }) => {
    const signedOut = await request(path, init, undefined);
    if (signIn) {
      expect(signedOut.status).toBe(401);
      expect(JSON.parse(Buffer.from(signedOut.body, 'base64').toString('utf8'))).toEqual({ success: false, data: null, message: SIGN_IN, error: 'unauthorized' });
    } else {
      expect(signedOut.status).toBe(200);
    }
    for (const session of sessions) expect({ session: session.name, ...(await request(path, init, session.cookie)) }).toEqual({ session: session.name, ...signedOut });
  });
});
