/**
 * A method a route does not take is the client's mistake, on every route: 405, an Allow header
 * naming what the route takes, and the route's usual refusal body. The hostile-input probe found
 * `TRACE /api/trpc/prediction.get` answered 500 (tRPC's adapter cannot hold TRACE), and the sweep
 * found more of the class: other methods on tRPC paths answered 415 or 204, on next-auth's paths
 * a bare 400, and /api/health answered 200 to anything. Every method node:http can send, on every
 * API route and every procedure path, signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { PROCEDURES } from '@test/helpers/procedures';
import { allApiRoutes, startStudio, type Studio } from '@test/helpers/studio';
import { METHODS, rawRequest } from './raw-request';

let studio: Studio;
let server: RouteServer;

beforeAll(async () => {
  studio = await startStudio();
  server = await serveRoutes({
    ...(await allApiRoutes()),
    '/api/health': await import('~/pages/api/health'),
    '/api/auth/[...nextauth]': await import('~/pages/api/auth/[...nextauth]'),
    // As Next routes them: the poll's static route before the dynamic one.
    '/api/trpc/prediction.get': await import('~/pages/api/trpc/prediction.get'),
    '/api/trpc/[trpc]': await import('~/pages/api/trpc/[trpc]'),
  });
});

afterAll(async () => {
  await server?.close();
  await studio?.stop();
});

/** The methods a route does not take, each sent once. */
const othersThan = (allowed: readonly string[]) => METHODS.filter((method) => method !== 'CONNECT' && !allowed.includes(method));

/** What a 405 of each kind of route carries besides its status and Allow header. */
type RefusalBody = (method: string) => unknown;

const envelope =
  (named: string): RefusalBody =>
  (method) => ({ success: false, data: null, message: `Method ${method} is not allowed. Use ${named}.`, error: 'method_not_allowed' });
const webhook: RefusalBody = () => ({ ok: false, error: 'method_not_allowed' });

const REST_ROUTES: { path: string; allowed: string[]; body: RefusalBody }[] = [
  { path: '/api/get-user-details', allowed: ['POST'], body: envelope('POST') },
  { path: '/api/unigen', allowed: ['POST'], body: envelope('POST') },
  { path: '/api/unigen/check', allowed: ['POST'], body: envelope('POST') },
  { path: '/api/unigen/sync', allowed: ['POST'], body: envelope('POST') },
  { path: '/api/unigen/sync/check', allowed: ['POST'], body: envelope('POST') },
  { path: '/api/unigen/cmissing00000000000000000', allowed: ['GET'], body: envelope('GET') },
  { path: '/api/image2prompt', allowed: ['POST'], body: envelope('POST') },
  { path: '/api/caption-image', allowed: ['POST'], body: envelope('POST') },
  { path: '/api/random-prompt', allowed: ['GET'], body: envelope('GET') },
  { path: '/api/get-signedurl', allowed: ['POST'], body: envelope('POST') },
  { path: '/api/image-proxy', allowed: ['GET', 'HEAD'], body: envelope('GET') },
  { path: '/api/storage/uploads/someone/picture.png', allowed: ['GET', 'HEAD', 'PUT'], body: envelope('GET or PUT') },
  { path: '/api/creations/archive', allowed: ['GET'], body: envelope('GET') },
  { path: '/api/webhooks/replicate', allowed: ['POST'], body: webhook },
  { path: '/api/webhooks/fal', allowed: ['POST'], body: webhook },
  { path: '/api/webhooks/stripe', allowed: ['POST'], body: webhook },
  { path: '/api/health', allowed: ['GET', 'HEAD'], body: (method) => ({ ok: false, error: 'method_not_allowed', message: `Method ${method} is not allowed. Use GET.` }) },
];

/** next-auth's actions and the methods next-auth answers for each. */
const AUTH_ACTIONS: { action: string; allowed: string[] }[] = [
  { action: 'providers', allowed: ['GET'] },
  { action: 'csrf', allowed: ['GET'] },
  { action: 'error', allowed: ['GET'] },
  { action: 'verify-request', allowed: ['GET'] },
  { action: 'session', allowed: ['GET', 'POST'] },
  { action: 'signin', allowed: ['GET', 'POST'] },
  { action: 'signout', allowed: ['GET', 'POST'] },
  { action: 'callback/dev-signin', allowed: ['GET', 'POST'] },
  { action: '_log', allowed: ['POST'] },
];

type Refusal = { status: number; allow: string | undefined; body: unknown };

async function refusal(path: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<Refusal> {
  const answer = await rawRequest(`${server.url}${path}`, method, { headers, ...(body === undefined ? {} : { body }) });
  return { status: answer.status, allow: answer.headers.allow as string | undefined, body: answer.text === '' ? undefined : (JSON.parse(answer.text) as unknown) };
}

describe('REST routes, webhooks, storage and health', () => {
  it.each(REST_ROUTES)('$path: every method but $allowed is 405 with Allow and the route’s refusal', async ({ path, allowed, body }) => {
    for (const method of othersThan(allowed)) {
      const answer = await refusal(path, method);
      expect({ method, ...answer }).toEqual({ method, status: 405, allow: allowed.join(', '), body: method === 'HEAD' ? undefined : body(method) });
    }
  });
});

describe('next-auth’s routes', () => {
  it.each(AUTH_ACTIONS)('/api/auth/$action: every method but $allowed is 405 with Allow', async ({ action, allowed }) => {
    for (const method of othersThan(allowed)) {
      const answer = await refusal(`/api/auth/${action}`, method);
      const named = allowed.join(' or ');
      const body = method === 'HEAD' ? undefined : { error: 'method_not_allowed', message: `Method ${method} is not allowed. Use ${named}.` };
      expect({ method, ...answer }).toEqual({ method, status: 405, allow: allowed.join(', '), body });
    }
    expect(server.errors).toEqual([]);
  });
});

describe('tRPC paths', () => {
  it('the router has every kind of procedure, and all of them are swept', () => {
    expect(PROCEDURES.length).toBeGreaterThan(40);
    expect(new Set(PROCEDURES.map((p) => p.type))).toEqual(new Set(['query', 'mutation', 'subscription']));
  });

  /** tRPC's error as the tRPC client reads it: message, code, status. */
  const trpcError = (message: string, path: string) => ({
    error: { json: { message, code: -32005, data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405, path, stack: null, appCode: null, appDetails: null, zodError: null } }, meta: { values: { 'data.stack': ['undefined'] }, v: 1 } },
  });

  // The console's procedures answer a signed-out caller as paths that name none (test/integration/console/permissions.test.ts).
  const STUDIO_PROCEDURES = PROCEDURES.filter((procedure) => !procedure.path.startsWith('admin.'));

  it.each(STUDIO_PROCEDURES)('/api/trpc/$path ($type): every other method is 405 with Allow naming its own', async ({ path, type }) => {
    const own = type === 'mutation' ? 'POST' : 'GET';
    // As a tRPC client sends them: a batch of one, JSON, and a body with a POST.
    for (const method of othersThan([own])) {
      const answer = await refusal(`/api/trpc/${path}?batch=1`, method, { 'content-type': 'application/json' }, method === 'POST' ? '{}' : undefined);
      const message = method === 'GET' || method === 'POST' ? `Unsupported ${method}-request to ${type} procedure at path "${path}"` : `Method ${method} is not allowed. Use GET or POST.`;
      expect({ method, ...answer }).toEqual({ method, status: 405, allow: own, body: method === 'HEAD' ? undefined : [trpcError(message, path)] });
    }
  });

  it('without the batch and the JSON header, such a method is refused alike (as a batch of one)', async () => {
    for (const path of ['prediction.get', 'prediction.onUpdate', 'billing.checkout']) {
      expect(await refusal(`/api/trpc/${path}`, 'PUT')).toMatchObject({ status: 405, body: [trpcError('Method PUT is not allowed. Use GET or POST.', path)] });
    }
  });

  it('a path that names no procedure is still 405 for such a method (Allow: the route’s two), and 404 for GET', async () => {
    expect(await refusal('/api/trpc/billing.nothing', 'TRACE')).toEqual({ status: 405, allow: 'GET, POST', body: [trpcError('Method TRACE is not allowed. Use GET or POST.', 'billing.nothing')] });
    expect((await refusal('/api/trpc/billing.nothing', 'GET')).status).toBe(404);
  });

  it('the probe’s request: TRACE on the poll is 405, and nothing was logged as a server error', async () => {
    expect(await refusal('/api/trpc/prediction.get', 'TRACE')).toMatchObject({ status: 405, allow: 'GET' });
    expect(server.errors).toEqual([]);
  });
});
