/**
 * Control characters in a path parameter are ids nobody made: each route answers them as it answers
 * any id it does not know. The hostile-input probe found `GET /c/%00` answered 500 (PostgreSQL
 * cannot hold a NUL); the sweep sends every C0 control character, DEL and every C1 control
 * character, inside an id and as the whole id, in every path parameter of every page and API route,
 * signed out and signed in.
 */
import type { ServerResponse } from 'node:http';
import type { GetServerSidePropsContext } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { allApiRoutes, runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

let studio: Studio;
let server: RouteServer;
let user: StudioUser;
let shared: string;

/** U+0000–U+001F, U+007F and U+0080–U+009F. */
const CONTROL_CHARACTERS = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f, ...Array.from({ length: 0x20 }, (_, code) => 0x80 + code)].map((code) => String.fromCharCode(code));

/** How a character is named in a failure: its code point. */
const named = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Inside an id we could have made, and alone. */
const idsHolding = (char: string, around: string) => [`${around.slice(0, 4)}${char}${around.slice(4)}`, char];

beforeAll(async () => {
  studio = await startStudio();
  server = await serveRoutes({
    ...(await allApiRoutes()),
    '/api/auth/[...nextauth]': await import('~/pages/api/auth/[...nextauth]'),
    '/api/trpc/prediction.get': await import('~/pages/api/trpc/prediction.get'),
    '/api/trpc/[trpc]': await import('~/pages/api/trpc/[trpc]'),
  });
  user = await studio.createUser({ credits: 10 });
  shared = (await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a shared lighthouse' })).id;
  expect((await runUntil(studio.db, shared)).status).toBe('succeeded');
}, 120_000);

afterAll(async () => {
  await server?.close();
  await studio?.stop();
});

const visitors = ['signed out', 'signed in'] as const;

async function cookieOf(visitor: (typeof visitors)[number]): Promise<string | undefined> {
  return visitor === 'signed in' ? studio.cookieFor(user) : undefined;
}

async function get(path: string, cookie: string | undefined): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { status: response.status, body: (await response.json()) as unknown };
}

const notFoundEnvelope = (message: string) => ({ success: false, data: null, message, error: 'not_found' });

describe.each(visitors)('API routes, %s', (visitor) => {
  it('/api/unigen/{id}: a NUL is refused as bad input (400); any other control character is an unknown generation (404)', async () => {
    const cookie = await cookieOf(visitor);
    for (const char of CONTROL_CHARACTERS) {
      for (const id of idsHolding(char, shared)) {
        const expected =
          char === '\u0000'
            ? { status: 400, body: { success: false, data: null, message: 'id: Text must not contain NUL characters or unpaired surrogates.', error: 'validation_failed' } }
            : { status: 404, body: notFoundEnvelope('Generation not found.') };
        expect({ char: named(char), ...(await get(`/api/unigen/${encodeURIComponent(id)}`, cookie)) }).toEqual({ char: named(char), ...expected });
      }
    }
  });

  it('/api/storage/{key}: an object nobody stored (404)', async () => {
    const cookie = await cookieOf(visitor);
    for (const char of CONTROL_CHARACTERS) {
      for (const segment of idsHolding(char, 'picture.png')) {
        const answer = await get(`/api/storage/uploads/${user.id}/${encodeURIComponent(segment)}`, cookie);
        expect({ char: named(char), ...answer }).toEqual({ char: named(char), status: 404, body: notFoundEnvelope('Not found.') });
      }
    }
  });

  it('/api/auth/{action}/{provider}: an action next-auth does not have, a provider not offered (404)', async () => {
    const cookie = await cookieOf(visitor);
    for (const char of CONTROL_CHARACTERS) {
      for (const action of idsHolding(char, 'session')) {
        expect({ char: named(char), ...(await get(`/api/auth/${encodeURIComponent(action)}`, cookie)) }).toEqual({
          char: named(char),
          status: 404,
          body: { error: 'not_found', message: 'Not found.' },
        });
      }
      for (const provider of idsHolding(char, 'dev-signin')) {
        for (const action of ['signin', 'callback']) {
          expect({ char: named(char), ...(await get(`/api/auth/${action}/${encodeURIComponent(provider)}`, cookie)) }).toEqual({
            char: named(char),
            status: 404,
            body: { error: 'unknown_provider', message: 'This sign-in method is not available.' },
          });
        }
      }
    }
  });

  it('/api/trpc/{path}: a path that names no procedure (404)', async () => {
    const cookie = await cookieOf(visitor);
    for (const char of CONTROL_CHARACTERS) {
      for (const path of idsHolding(char, 'prediction.get')) {
        const answer = await get(`/api/trpc/${encodeURIComponent(path)}`, cookie);
        expect({ char: named(char), status: answer.status, body: answer.body }).toMatchObject({
          char: named(char),
          status: 404,
          body: { error: { json: { message: `No procedure found on path "${path}"`, data: { code: 'NOT_FOUND', httpStatus: 404 } } } },
        });
      }
    }
    expect(server.errors).toEqual([]);
  });
});

/** A page's getServerSideProps, called as Next calls it for `/{page}/{param}`. */
async function pageAnswer(page: string, param: string, value: string, cookie: string | undefined) {
  const { getServerSideProps } = (await import(`~/pages/${page}/[${param}].tsx`)) as { getServerSideProps: (context: GetServerSidePropsContext) => Promise<unknown> };
  const cookies = cookie ? Object.fromEntries([cookie.split(/=(.*)/s).slice(0, 2) as [string, string]]) : {};
  const req = { headers: cookie ? { cookie } : {}, cookies, url: `/${page}/${encodeURIComponent(value)}`, method: 'GET' } as unknown as GetServerSidePropsContext['req'];
  const res = { statusCode: 200, setHeader: () => undefined, getHeader: () => undefined } as unknown as ServerResponse;
  const answer = await getServerSideProps({ params: { [param]: value }, query: { [param]: value }, req, res, resolvedUrl: `/${page}/x`, locale: 'en', defaultLocale: 'en', locales: ['en'] } as unknown as GetServerSidePropsContext);
  return { status: res.statusCode, answer };
}

describe.each(visitors)('pages, %s', (visitor) => {
  it('/c/{id}: the share page’s ordinary 404 (notFound), as for any id we never made', async () => {
    const cookie = await cookieOf(visitor);
    for (const char of CONTROL_CHARACTERS) {
      for (const id of idsHolding(char, shared)) {
        expect({ char: named(char), ...(await pageAnswer('c', 'id', id, cookie)) }).toEqual({ char: named(char), status: 200, answer: { notFound: true } });
      }
    }
    // The id itself still opens its page.
    expect((await pageAnswer('c', 'id', shared, cookie)).answer).toMatchObject({ props: { creation: { id: shared } } });
  });

  it.each([
    { page: 'create', param: 'appId', around: 'flux', missing: { app: null } },
    { page: 'models', param: 'loraId', around: 'flux-realism', missing: { lora: null } },
    { page: 'image-effects', param: 'effectId', around: 'ghibli', missing: { effect: null } },
  ])('/$page/{$param}: the page’s own "not found" with a 404 status', async ({ page, param, around, missing }) => {
    const cookie = await cookieOf(visitor);
    for (const char of CONTROL_CHARACTERS) {
      for (const value of idsHolding(char, around)) {
        const { status, answer } = await pageAnswer(page, param, value, cookie);
        expect({ char: named(char), status, answer }).toMatchObject({ char: named(char), status: 404, answer: { props: missing } });
      }
    }
  });
});
