/**
 * Callback endpoints (issue 37, item 5): add with the secret shown once, list, delete, and the
 * address rules at save: https to a public address, or a host:port of CALLBACK_ALLOW_HOSTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { resetEnvCache } from '~/env';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { useTestNames } from './network';

const REFUSED = 'This address cannot receive callbacks: loopback, private and link-local addresses are refused.';
const NOT_HTTPS = 'The endpoint must be an https:// URL.';
const ALLOWED_PORT = 4519;

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio({ env: { CALLBACK_ALLOW_HOSTS: `127.0.0.1:${ALLOWED_PORT},localhost:${ALLOWED_PORT}` } });
  useTestNames();
});

afterAll(async () => {
  await studio?.stop();
});

const add = (user: StudioUser, url: string, events: ('generation.succeeded' | 'generation.failed' | 'generation.canceled')[] = ['generation.succeeded']) =>
  studio.caller(user).callbacks.create({ url, events });

describe('an endpoint', () => {
  it('is added with a whsec_ secret shown once, listed without it, and deleted', async () => {
    const user = await studio.createUser();
    const { endpoint, secret } = await add(user, 'https://public.test/hook', ['generation.succeeded', 'generation.failed', 'generation.succeeded']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint).toEqual({
      id: expect.any(String),
      url: 'https://public.test/hook',
      events: ['generation.succeeded', 'generation.failed'],
      createdAt: expect.any(Date),
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    });
    const listed = await studio.caller(user).callbacks.list();
    expect(listed.items).toEqual([endpoint]);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
    const other = await studio.createUser();
    expect((await studio.caller(other).callbacks.list()).items).toEqual([]);
    await expect(studio.caller(other).callbacks.remove({ id: endpoint.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such endpoint.' });
    await expect(studio.caller(other).callbacks.attempts({ id: endpoint.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such endpoint.' });
    await expect(studio.caller(other).callbacks.sendTest({ id: endpoint.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such endpoint.' });
    expect(await studio.caller(user).callbacks.remove({ id: endpoint.id })).toEqual({ removed: true });
    expect((await studio.caller(user).callbacks.list()).items).toEqual([]);
    await expect(studio.caller(user).callbacks.remove({ id: endpoint.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is refused without an event, past 10, and to an API key or nobody; nothing is stored', async () => {
    const user = await studio.createUser();
    const noEvent = add(user, 'https://public.test/hook', []);
    await expect(noEvent).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(noEvent).rejects.toThrow('Choose at least one event.');
    await expect(studio.caller(null).callbacks.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const asKey = createCaller(createInnerContext({ db: studio.db, user: { id: user.id }, apiKey: { id: 'k', scopes: ['generate', 'read', 'upload'], capped: false } }));
    await expect(asKey.callbacks.create({ url: 'https://public.test/hook', events: ['generation.failed'] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'API keys cannot be used for this request.',
    });
    expect(await studio.db.callbackEndpoint.count({ where: { userId: user.id } })).toBe(0);
    for (let i = 0; i < 10; i += 1) await add(user, `https://public.test/hook/${i}`);
    await expect(add(user, 'https://public.test/hook/10')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'You already have 10 endpoints. Delete one before adding another.' });
    expect(await studio.db.callbackEndpoint.count({ where: { userId: user.id } })).toBe(10);
  });
});

describe('the address rules at save', () => {
  it.each([
    ['https://127.0.0.1/hook', REFUSED],
    ['https://127.9.9.9:8443/hook', REFUSED],
    ['https://localhost/hook', REFUSED],
    ['https://app.localhost/hook', REFUSED],
    ['https://[::1]/hook', REFUSED],
    ['https://[::ffff:127.0.0.1]/hook', REFUSED],
    ['https://2130706433/hook', REFUSED],
    ['https://0.0.0.0/hook', REFUSED],
    ['https://10.0.0.5/hook', REFUSED],
    ['https://172.16.3.4/hook', REFUSED],
    ['https://192.168.1.10/hook', REFUSED],
    ['https://100.64.0.1/hook', REFUSED],
    ['https://169.254.169.254/latest/meta-data', REFUSED],
    ['https://[fe80::1]/hook', REFUSED],
    ['https://[fd00::1]/hook', REFUSED],
    ['https://private.test/hook', REFUSED],
    ['https://metadata.test/hook', REFUSED],
    ['https://mixed.test/hook', REFUSED],
    [`https://127.0.0.1:${ALLOWED_PORT + 1}/hook`, REFUSED],
    ['http://public.test/hook', NOT_HTTPS],
    [`http://127.0.0.1:${ALLOWED_PORT + 1}/hook`, NOT_HTTPS],
    ['ftp://public.test/hook', NOT_HTTPS],
    ['public.test/hook', NOT_HTTPS],
    ['https://user:pass@public.test/hook', 'The endpoint URL cannot carry a user name or password.'],
  ])('refuses %s (400), and stores nothing', async (url, message) => {
    const user = await studio.createUser();
    await expect(add(user, url)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await studio.db.callbackEndpoint.count({ where: { userId: user.id } })).toBe(0);
  });

  it.each([`http://127.0.0.1:${ALLOWED_PORT}/hook`, `https://127.0.0.1:${ALLOWED_PORT}/hook`, `http://LOCALHOST:${ALLOWED_PORT}/hook`])(
    'accepts %s, whose host:port CALLBACK_ALLOW_HOSTS names',
    async (url) => {
      const user = await studio.createUser();
      const { endpoint } = await add(user, url);
      expect(endpoint.url).toBe(new URL(url).href);
    },
  );

  it('follows CALLBACK_ALLOW_HOSTS as it is set: unset, loopback is refused again', async () => {
    const user = await studio.createUser();
    const saved = process.env.CALLBACK_ALLOW_HOSTS;
    delete process.env.CALLBACK_ALLOW_HOSTS;
    resetEnvCache();
    try {
      await expect(add(user, `http://127.0.0.1:${ALLOWED_PORT}/hook`)).rejects.toMatchObject({ message: NOT_HTTPS });
      await expect(add(user, `https://127.0.0.1:${ALLOWED_PORT}/hook`)).rejects.toMatchObject({ message: REFUSED });
    } finally {
      process.env.CALLBACK_ALLOW_HOSTS = saved;
      resetEnvCache();
    }
    expect(await studio.db.callbackEndpoint.count({ where: { userId: user.id } })).toBe(0);
  });
});
