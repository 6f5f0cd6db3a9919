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
});
