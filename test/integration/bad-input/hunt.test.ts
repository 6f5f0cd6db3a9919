/**
 * The same classes as issue 23's examples, found beyond them:
 * - text PostgreSQL refuses: a hand-over link `/create/{app}?remix=<NUL>` answered the page 500;
 *   now the remix is only "unavailable", as for any id the viewer may not open;
 * - numbers bounded before they are used: a provider's progress report (a log line a model prints,
 *   maybe echoing a prompt) with a time left past what a Date holds made every delivery 503 (and
 *   every poll fail); now the number is left out and the progress is recorded;
 * - signatures as exact text: fal's webhook took the same signature in capital hex; now only the
 *   lowercase hex fal writes verifies, and a signed body naming another job than its headers is
 *   400, not retried.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type FakeFal } from '@test/helpers/fake-fal';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { runUntil, startStudio, type Studio } from '@test/helpers/studio';

let replicate: FakeReplicate;
let fal: FakeFal;
let studio: Studio;

beforeAll(async () => {
  replicate = await startFakeReplicate();
  fal = await startFakeFal();
  studio = await startStudio({
    env: {
      REPLICATE_API_TOKEN: replicate.token,
      REPLICATE_BASE_URL: replicate.baseUrl,
      REPLICATE_WEBHOOK_SECRET: replicate.webhookSecret,
      FAL_KEY: fal.key,
      FAL_BASE_URL: fal.baseUrl,
      FAL_JWKS_URL: fal.jwksUrl,
    },
  });
});

afterAll(async () => {
  await studio?.stop();
  await fal?.close();
  await replicate?.close();
});

async function deliver(route: string, rawBody: string, headers: Record<string, string>) {
  const response = await fetch(`${studio.server.url}/api/webhooks/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('a hand-over link whose creation id holds a NUL', () => {
  it('/create/flux?remix=…%00…: the page renders with the remix unavailable (it was a 500)', async () => {
    const { getServerSideProps } = await import('~/pages/create/[appId]');
    const req = { headers: {}, url: '/create/flux?remix=ab%00c', method: 'GET' } as IncomingMessage;
    const res = { statusCode: 200, setHeader: () => undefined, getHeader: () => undefined } as unknown as ServerResponse;
    const result = await getServerSideProps({ params: { appId: 'flux' }, query: { appId: 'flux', remix: 'ab\u0000c' }, req, res, resolvedUrl: '/create/flux', locale: 'en', defaultLocale: 'en' } as never);
    expect(res.statusCode).toBe(200);
    expect(result).toMatchObject({ props: { handOver: { modelId: null, values: {}, unavailable: ['remix'], moveTo: null } } });
  });
});

describe('a provider’s progress numbers', () => {
  it('a signed “processing” delivery whose log prints a time left no date can hold: applied (200), the progress kept', async () => {
    replicate.reset();
    replicate.script('black-forest-labs/flux-schnell', { never: true });
    const user = await studio.createUser({ credits: 5, premium: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a prompt the model echoes' });
    const row = await runUntil(studio.db, submitted.id, ['starting', 'processing']);
    const logs = 'prompt: a prompt the model echoes\n 50%|█████     | 2/4 [00:01<99999999999999999999:00,  1.00it/s]';
    const rawBody = JSON.stringify({ id: row.providerJobId, status: 'processing', output: null, error: null, logs });
    // A report loses cleanly to a concurrent poll of the row (progress writes are conditional), so
    // the provider's next delivery brings it again: each one must be taken (200), never 503.
    let after = row;
    for (let delivery = 0; delivery < 5 && after.progress !== 0.5; delivery += 1) {
      expect(await deliver('replicate', rawBody, replicate.signWebhook(rawBody))).toEqual({ status: 200, body: { ok: true, outcome: 'applied' } });
      after = await studio.db.generation.findUniqueOrThrow({ where: { id: submitted.id } });
    }
    expect(after).toMatchObject({ status: 'processing', progress: 0.5 });
    expect(Number.isFinite(after.expectedDoneAt?.getTime() ?? 0)).toBe(true);
  });
});

describe('fal’s webhook signature is the text fal writes', () => {
  function signed(requestId: string, body: Record<string, unknown>) {
    const rawBody = JSON.stringify(body);
    return { rawBody, headers: fal.signWebhook(rawBody, { requestId }) };
  }

  it('the same signature in capital hex is refused (401 invalid_signature); as written it verifies', async () => {
    const { rawBody, headers } = signed('req-unknown-1', { request_id: 'req-unknown-1', status: 'OK', payload: { images: [] } });
    const shouted = { ...headers, 'x-fal-webhook-signature': headers['x-fal-webhook-signature']!.toUpperCase() };
    expect(await deliver('fal', rawBody, shouted)).toEqual({ status: 401, body: { ok: false, error: 'invalid_signature' } });
    // Verified, for a job we do not know: the provider's retry is invited.
    expect(await deliver('fal', rawBody, headers)).toEqual({ status: 404, body: { ok: false, outcome: 'unknown_job' } });
  });

  it('a correctly signed body naming another job than its headers: 400, not retried', async () => {
    const { rawBody, headers } = signed('req-header-id', { request_id: 'req-body-id', status: 'OK', payload: { images: [] } });
    expect(await deliver('fal', rawBody, headers)).toEqual({ status: 400, body: { ok: false, error: 'request_id_mismatch' } });
  });
});
