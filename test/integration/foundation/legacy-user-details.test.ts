import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

/** A POST as our own pages send it (their Origin), unless the test says otherwise. */
const post = (url: string, init: RequestInit = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: studio.server.url, ...(init.headers ?? {}) }, body: init.body ?? '{}' });

describe('POST /api/get-user-details (thin adapter over user.details)', () => {
  it('returns the signed-in user with credits and premium in the envelope', async () => {
    const user = await studio.createUser({ credits: 33, premium: true });
    const response = await post(`${studio.server.url}/api/get-user-details`, { headers: { cookie: await studio.cookieFor(user) } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, message: null, error: null, data: { id: user.id, email: user.email, credits: 33, premium: true } });
  });

  it('answers 401 to a signed-out caller', async () => {
    const response = await post(`${studio.server.url}/api/get-user-details`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, data: null, message: 'Please sign in to continue.', error: 'unauthorized' });
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const response = await fetch(`${studio.server.url}/api/get-user-details`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect((await response.json()).message).toBe('Method GET is not allowed. Use POST.');
  });

  it('answers 400 with a readable message for malformed JSON', async () => {
    const user = await studio.createUser();
    const response = await post(`${studio.server.url}/api/get-user-details`, { body: '{"oops', headers: { cookie: await studio.cookieFor(user) } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, data: null, message: 'The request body is not valid JSON.', error: 'bad_request' });
  });

  it('refuses cookie-authenticated posts from another origin or as a form', async () => {
    const user = await studio.createUser();
    const cookie = await studio.cookieFor(user);
    const crossOrigin = await post(`${studio.server.url}/api/get-user-details`, { headers: { cookie, origin: 'https://evil.example' } });
    expect(crossOrigin.status).toBe(403);
    const form = await fetch(`${studio.server.url}/api/get-user-details`, { method: 'POST', headers: { cookie, origin: studio.server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
  });
});
