/**
 * An image field that points into our own network (loopback, private, link-local, the cloud
 * metadata address) is the caller's bad input: 400 `image_address_refused` with the image proxy's
 * words, at admission, for every image field of every model, the synchronous tools included.
 * Nothing is charged, no generation is recorded and no provider is called. (The sync tools used
 * to answer 502 provider_error after charging and refunding; async generations were accepted and
 * charged, then refunded at dispatch or handed to the provider.) A host that does not resolve is
 * not refused at admission: that is the network's failure, not the caller's.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSafeFetchTestNetwork } from '~/server/services/net/safe-fetch';
import { IMAGE_PROXY_MESSAGES } from '~/server/services/storage/image-proxy';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

const REFUSED = { success: false, data: null, message: IMAGE_PROXY_MESSAGES.refusedAddress, error: 'image_address_refused' };
const CREDITS = 1_000;
/** A public-looking image that does not resolve here: never refused at admission. */
const FINE = 'https://images.example.test/a.png';

/** Addresses of our own network, as people spell them (the URL parser normalises the odd IPv4 forms). */
const INTERNAL = [
  'http://localhost/cat.png',
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://10.0.0.8/cat.png',
  'http://192.168.1.1:8080/cat.png',
  'http://[::1]/cat.png',
  'http://[::ffff:169.254.169.254]/latest/',
  'http://0x7f000002/cat.png',
  'http://2130706434/cat.png',
  'http://internal.example.test/cat.png', // resolves to a private address (below)
];

let replicate: FakeReplicate;
let studio: Studio;
let user: StudioUser;
let cookie: string;

beforeAll(async () => {
  replicate = await startFakeReplicate();
  studio = await startStudio({ env: { REPLICATE_API_TOKEN: replicate.token, REPLICATE_BASE_URL: replicate.baseUrl } });
  user = await studio.createUser({ credits: CREDITS, premium: true });
  cookie = await studio.cookieFor(user);
});

afterAll(async () => {
  await studio?.stop();
  await replicate?.close();
});

beforeEach(() => {
  replicate.reset();
  // The studio's loopback allowance for its fakes, plus one name that resolves inside the network.
  setSafeFetchTestNetwork({
    loopbackHosts: ['127.0.0.1'],
    resolve: async (host) => {
      if (host === 'internal.example.test') return [{ address: '10.20.30.40', family: 4 }];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    },
  });
});

afterEach(() => setSafeFetchTestNetwork({ loopbackHosts: ['127.0.0.1'] }));

async function nothingHappened() {
  expect(await studio.balance(user)).toBe(CREDITS);
  expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
  expect(replicate.createRequests()).toEqual([]);
}

async function post(path: string, body: unknown) {
  const response = await fetch(`${studio.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: studio.server.url },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the synchronous tools', () => {
  it.each(INTERNAL)('POST /api/caption-image and /api/image2prompt with %s: 400 with the proxy’s message', async (address) => {
    expect(await post('/api/caption-image', { image_url: address })).toEqual({ status: 400, body: REFUSED });
    expect(await post('/api/image2prompt', { image_url: address })).toEqual({ status: 400, body: REFUSED });
    await nothingHappened();
  });

  it('generation.runSync through createCaller: BAD_REQUEST with the proxy’s message', async () => {
    for (const model_id of ['image-caption', 'image-to-prompt']) {
      await expect(studio.caller(user).generation.runSync({ model_id, image_url: 'http://169.254.169.254/latest/' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: IMAGE_PROXY_MESSAGES.refusedAddress,
      });
    }
    await nothingHappened();
  });
});

/** One image field of one model set to an internal address, the rest of the input valid. */
const FIELDS: Array<[string, string, (bad: string) => Record<string, unknown>]> = [
  ['flux-1.1-pro', 'image_prompt (the local engine ignores it)', (bad) => ({ prompt: 'a cat', image_prompt: bad })],
  ['flux-dev', 'image_url', (bad) => ({ prompt: 'a cat', image_url: bad })],
  ['flux-depth-pro', 'control_image', (bad) => ({ prompt: 'a cat', control_image: bad })],
  ['flux-fill-pro', 'mask_image', (bad) => ({ prompt: 'a cat', image_url: FINE, mask_image: bad })],
  ['kling-v2.1-pro', 'end_image_url', (bad) => ({ prompt: 'a cat', start_image_url: FINE, end_image_url: bad })],
  ['kling-1.6-multi', 'input_image_urls', (bad) => ({ prompt: 'a cat', input_image_urls: [FINE, bad] })],
  ['kling-effects', 'effect_input_2 (fal, on the local engine)', (bad) => ({ effect_input: FINE, effect_input_2: bad })],
];

describe('asynchronous generations: every image field of the model', () => {
  it.each(FIELDS)('%s, %s: REST submit and check answer 400; nothing charged', async (model_id, _field, input) => {
    for (const address of ['http://169.254.169.254/latest/meta-data/', 'http://internal.example.test/x.png']) {
      expect(await post('/api/unigen', { model_id, ...input(address) })).toEqual({ status: 400, body: REFUSED });
      expect(await post('/api/unigen/check', { model_id, ...input(address) })).toEqual({ status: 400, body: REFUSED });
    }
    await nothingHappened();
  });

  it.each(FIELDS)('%s, %s: generation.submit through createCaller is BAD_REQUEST', async (model_id, _field, input) => {
    await expect(studio.caller(user).generation.submit({ model_id, ...input('http://[::1]:5432/') })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: IMAGE_PROXY_MESSAGES.refusedAddress,
    });
    await nothingHappened();
  });

  it('an image host that does not resolve (yet) is admitted as before: whoever fetches it decides', async () => {
    // A fal model (the local engine here), so no other test sees a provider call from it.
    const other = await studio.createUser({ credits: 100 });
    const submitted = await studio.caller(other).generation.submit({ model_id: 'kling-effects', effect_input: FINE, effect_input_2: FINE });
    expect(submitted.user_credits).toBe(20);
  });
});

describe('the image proxy, for the same addresses', () => {
  async function proxy(imageUrl: string) {
    const response = await fetch(`${studio.server.url}/api/image-proxy?imageUrl=${encodeURIComponent(imageUrl)}`, { headers: { cookie } });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('refuses an internal address with the same words (403: a read, not a request to run)', async () => {
    for (const address of ['http://169.254.169.254/latest/', 'http://internal.example.test/cat.png']) {
      expect(await proxy(address)).toEqual({ status: 403, body: { success: false, data: null, message: IMAGE_PROXY_MESSAGES.refusedAddress, error: 'forbidden' } });
    }
  });

  it('keeps answering 502 for a host that cannot be resolved: an upstream failure, not bad input', async () => {
    expect(await proxy(FINE)).toEqual({ status: 502, body: { success: false, data: null, message: IMAGE_PROXY_MESSAGES.unresolvable, error: 'provider_error' } });
    await expect(studio.caller(user).media.proxyImage({ imageUrl: FINE })).rejects.toMatchObject({ code: 'BAD_GATEWAY', message: IMAGE_PROXY_MESSAGES.unresolvable });
  });
});
