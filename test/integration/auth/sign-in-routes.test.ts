/**
 * next-auth's routes through the real handler: only configured providers are offered (issue 11
 * item 2), and a GET on the development sign-in's callback is a clear 405, not a 500 (item 18).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';

let server: RouteServer;
const saved = { ...process.env };

function configure(env: Record<string, string | undefined>): void {
  for (const name of Object.keys(process.env)) if (/^(GOOGLE_|DEV_SIGNIN)/.test(name)) delete process.env[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
  resetEnvCache();
}

beforeAll(async () => {
  server = await serveRoutes({ '/api/auth/[...nextauth]': await import('~/pages/api/auth/[...nextauth]') });
  process.env.NEXTAUTH_URL = server.url;
});

afterAll(async () => {
  await server?.close();
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetEnvCache();
});

async function providerIds(): Promise<string[]> {
  const response = await fetch(`${server.url}/api/auth/providers`);
  expect(response.status).toBe(200);
  return Object.keys((await response.json()) as Record<string, unknown>).sort();
}

describe('the provider list', () => {
  it('offers only what is configured', async () => {
    configure({});
    expect(await providerIds()).toEqual(['dev-signin']);
    configure({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(await providerIds()).toEqual(['google']);
    configure({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', DEV_SIGNIN: 'on' });
    expect(await providerIds()).toEqual(['dev-signin', 'google']);
    configure({ DEV_SIGNIN: 'off' });
    expect(await providerIds()).toEqual([]);
  });
});

describe('the development sign-in callback', () => {
  it('answers GET with 405 and Allow: POST', async () => {
    configure({});
    const response = await fetch(`${server.url}/api/auth/callback/dev-signin`, { redirect: 'manual' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(server.errors).toEqual([]);
  });

  it('answers 404 for a provider this deployment does not offer', async () => {
    configure({ DEV_SIGNIN: 'off' });
    const response = await fetch(`${server.url}/api/auth/callback/dev-signin`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'unknown_provider', message: 'This sign-in method is not available.' });
    expect(server.errors).toEqual([]);
  });
});
