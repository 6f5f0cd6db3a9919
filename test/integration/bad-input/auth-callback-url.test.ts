/**
 * next-auth's routes with a callback-url cookie (or callbackUrl parameter) that is not a URL: they
 * answered 500 "There is a problem with the server configuration" on csrf, session, providers and
 * _log, so a visitor holding such a cookie could never sign in. The malformed value is ignored,
 * the routes answer as usual, the cookie is set again to the default callback, and the sign-in
 * works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;
let auth: RouteServer;

beforeAll(async () => {
  studio = await startStudio({ env: { DEV_SIGNIN: 'on' } });
  auth = await serveRoutes({ '/api/auth/[...nextauth]': await import('~/pages/api/auth/[...nextauth]') });
});

afterAll(async () => {
  await auth?.close();
  await studio?.stop();
});

/** Cookie values as a browser would send them (raw header text). */
const MALFORMED = ['javascript:alert(1)', '%ZZ%00notaurl', 'javascript%3Aalert(1)', 'not a url'];

function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

describe.each(MALFORMED)('a callback-url cookie of %j', (value) => {
  const cookie = `next-auth.callback-url=${value}`;

  it.each(['csrf', 'session', 'providers'])('GET /api/auth/%s: 200', async (action) => {
    const response = await fetch(`${auth.url}/api/auth/${action}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    await response.json();
  });

  it('POST /api/auth/_log: 200', async () => {
    const response = await fetch(`${auth.url}/api/auth/_log`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'level=error&code=TEST&message=x',
    });
    expect(response.status).toBe(200);
  });

  it('the cookie is set again to the default callback', async () => {
    const response = await fetch(`${auth.url}/api/auth/csrf`, { headers: { cookie } });
    expect(setCookies(response).find((c) => c.startsWith('next-auth.callback-url='))).toContain(`next-auth.callback-url=${encodeURIComponent(studio.server.url)};`);
  });
});

describe('a malformed callbackUrl parameter', () => {
  it.each(['javascript:alert(1)', '%ZZ'])('GET /api/auth/signin?callbackUrl=%s goes to the sign-in page, not a 500', async (value) => {
    const response = await fetch(`${auth.url}/api/auth/signin?callbackUrl=${encodeURIComponent(value)}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/\/signin\?callbackUrl=/);
  });
});

it('a visitor holding a malformed cookie signs in', async () => {
  const bad = 'next-auth.callback-url=javascript:alert(1)';
  const csrf = await fetch(`${auth.url}/api/auth/csrf`, { headers: { cookie: bad } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = setCookies(csrf).find((c) => c.startsWith('next-auth.csrf-token='))!.split(';')[0]!;
  const signIn = await fetch(`${auth.url}/api/auth/callback/dev-signin`, {
    method: 'POST',
    headers: { cookie: `${bad}; ${csrfCookie}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, email: 'cookie-holder@example.test', json: 'true' }).toString(),
    redirect: 'manual',
  });
  expect(signIn.status).toBe(200);
  expect(setCookies(signIn).some((c) => c.startsWith('next-auth.session-token='))).toBe(true);
  expect(await studio.db.user.count({ where: { email: 'cookie-holder@example.test' } })).toBe(1);
  expect(auth.errors).toEqual([]);
});
