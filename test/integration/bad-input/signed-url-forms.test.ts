/**
 * A signed URL opens in exactly the one form we write. Signed read URLs (a private object handed to
 * a hosted provider) opened with `expires` or `sig` repeated and with other spellings of the same
 * expiry ('0…', '+…', '….0', '…e0', hex, a space), because the route took the first of each and read
 * the expiry with Number(): now those are not signed at all (a private object answers 404 as to
 * anyone). The local upload PUT took leading zeros in its expiry and size the same way: 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFromStorageUrl, signedReadUrl } from '~/server/services/storage';
import { UPLOAD_MESSAGES } from '~/server/services/storage/local-upload';
import { makePng } from '@test/helpers/images';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

const NOT_FOUND = { success: false, data: null, message: 'Not found.', error: 'not_found' };

let studio: Studio;
let owner: StudioUser;
let signed: URL;

beforeAll(async () => {
  studio = await startStudio();
  owner = await studio.createUser({ premium: true });
  const key = keyFromStorageUrl(await studio.upload(owner))!;
  await studio.db.storedObject.update({ where: { key }, data: { isPrivate: true } });
  signed = new URL(signedReadUrl(key, 600));
});

afterAll(async () => {
  await studio?.stop();
});

/** The signed URL with its query written out by hand. */
function withQuery(query: string): string {
  return `${signed.origin}${signed.pathname}?${query}`;
}

describe('signed read URLs', () => {
  it('open in the form we write, for anyone', async () => {
    const response = await fetch(signed);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${signed.origin}${signed.pathname}`)).status).toBe(404);
  });

  it.each([
    ['expires repeated', (e: string, s: string) => `expires=${e}&sig=${s}&expires=${e}`],
    ['sig repeated', (e: string, s: string) => `expires=${e}&sig=${s}&sig=${s}`],
    ['a leading zero', (e: string, s: string) => `expires=0${e}&sig=${s}`],
    ['a plus sign', (e: string, s: string) => `expires=%2B${e}&sig=${s}`],
    ['a fraction', (e: string, s: string) => `expires=${e}.0&sig=${s}`],
    ['an exponent', (e: string, s: string) => `expires=${e}e0&sig=${s}`],
    ['hexadecimal', (e: string, s: string) => `expires=0x${Number(e).toString(16)}&sig=${s}`],
    ['a space', (e: string, s: string) => `expires=%20${e}&sig=${s}`],
  ])('do not open with %s: 404 as for anyone', async (_name, query) => {
    const expires = signed.searchParams.get('expires')!;
    const sig = signed.searchParams.get('sig')!;
    const response = await fetch(withQuery(query(expires, sig)));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });
});

describe('signed upload URLs', () => {
  it('do not open with a leading zero in the expiry or the size (403), and nothing is written', async () => {
    const bytes = await makePng({ width: 8, height: 8, color: '#aa3300' });
    const grant = await studio.caller(owner).upload.signedUrl({ contentType: 'image/png', remoteName: 'zeros.png', sourceSubfolder: 'uploads/2026-11-25', size: bytes.length });
    const url = new URL(grant.signedUrl);
    const put = (target: URL) => fetch(target, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(bytes) });
    for (const field of ['expires', 'size']) {
      const respelled = new URL(url);
      respelled.searchParams.set(field, `0${url.searchParams.get(field)}`);
      const response = await put(respelled);
      expect(response.status, field).toBe(403);
      expect(await response.json()).toEqual({ success: false, data: null, message: UPLOAD_MESSAGES.invalidLink, error: 'forbidden' });
    }
    // The URL as written still works: the refused ones stored nothing.
    expect((await put(url)).status).toBe(200);
  });
});
