/**
 * The caller's session from the cookie: each distinct cookie is decoded once (next-auth's real
 * getToken is wrapped only to count its calls), and a kept answer never outlives the token.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encode } from 'next-auth/jwt';
import { getEnv } from '~/env';

const decodes = vi.hoisted(() => ({ count: 0 }));
vi.mock('next-auth/jwt', async (importOriginal) => {
  const real = await importOriginal<typeof import('next-auth/jwt')>();
  return {
    ...real,
    getToken: async (...args: Parameters<typeof real.getToken>) => {
      decodes.count += 1;
      return real.getToken(...args);
    },
  };
});

const { sessionUserFromRequest } = await import('~/server/auth/session-user');

/** A request as Next hands it to an API route: the Cookie header, and the cookies parsed. */
function requestWith(cookie?: string): IncomingMessage {
  const cookies = cookie ? Object.fromEntries([cookie.split(/=(.*)/s).slice(0, 2) as [string, string]]) : {};
  return { headers: cookie ? { cookie } : {}, cookies } as unknown as IncomingMessage;
}

/** A request as the production server hands it to a route it answers before Next: headers only. */
function bareRequestWith(cookie: string): IncomingMessage {
  return { headers: { cookie } } as unknown as IncomingMessage;
}

async function cookieFor(userId: string, maxAgeSeconds: number): Promise<string> {
  return `next-auth.session-token=${await encode({ token: { sub: userId }, secret: getEnv().secret, maxAge: maxAgeSeconds })}`;
}

beforeEach(() => {
  decodes.count = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sessionUserFromRequest', () => {
  it('decodes a cookie once and answers its repeats from memory', async () => {
    const cookie = await cookieFor('user-one', 3600);
    for (let i = 0; i < 5; i += 1) expect(await sessionUserFromRequest(requestWith(cookie))).toEqual({ id: 'user-one' });
    expect(decodes.count).toBe(1);
    // Another cookie is another session.
    expect(await sessionUserFromRequest(requestWith(await cookieFor('user-two', 3600)))).toEqual({ id: 'user-two' });
    expect(decodes.count).toBe(2);
  });

  it('never answers from memory once the token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    const cookie = await cookieFor('short-lived', 60);
    expect(await sessionUserFromRequest(requestWith(cookie))).toEqual({ id: 'short-lived' });
    // Past the expiry and next-auth's 15 s clock tolerance: signed out.
    vi.setSystemTime(new Date('2026-11-26T10:01:16Z'));
    expect(await sessionUserFromRequest(requestWith(cookie))).toBeNull();
    expect(decodes.count).toBe(2);
  });

  it('keeps nothing for a missing or forged cookie: each is refused on its own', async () => {
    expect(await sessionUserFromRequest(requestWith())).toBeNull();
    const forged = 'next-auth.session-token=not-a-token';
    expect(await sessionUserFromRequest(requestWith(forged))).toBeNull();
    expect(await sessionUserFromRequest(requestWith(forged))).toBeNull();
    expect(decodes.count).toBe(3);
  });

  it('reads the session from the Cookie header alone when nothing parsed it (a route answered before Next)', async () => {
    const session = await cookieFor('header-only', 3600);
    // Among other cookies, one of them percent-encoded, another named like an Object property.
    expect(await sessionUserFromRequest(bareRequestWith(`theme=dark%20mode; constructor=x; ${session}; __proto__=y`))).toEqual({ id: 'header-only' });
    // The first of a repeated name counts, as in Next's parsing: a forged second copy changes nothing.
    expect(await sessionUserFromRequest(bareRequestWith(`${session}; next-auth.session-token=forged`))).toEqual({ id: 'header-only' });
    expect(await sessionUserFromRequest(bareRequestWith('next-auth.session-token=forged; ' + session))).toBeNull();
    expect(await sessionUserFromRequest(bareRequestWith('theme=dark'))).toBeNull();
  });

  it('reads a session cookie split into numbered chunks from the header alone', async () => {
    const [name, value] = (await cookieFor('chunked', 3600)).split(/=(.*)/s) as [string, string];
    const half = Math.ceil(value.length / 2);
    const chunked = `${name}.0=${value.slice(0, half)}; ${name}.1=${value.slice(half)}`;
    expect(await sessionUserFromRequest(bareRequestWith(chunked))).toEqual({ id: 'chunked' });
  });
});
