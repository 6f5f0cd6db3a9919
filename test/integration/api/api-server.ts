/**
 * The routes a builder calls, served over HTTP beside a studio (test/helpers/studio.ts): the REST
 * paths, /api/v1 and the tRPC endpoint, through Next's own API resolver. The studio's database and
 * settings are the process's, so a second server is a second door onto the same studio.
 */
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { allApiRoutes } from '@test/helpers/studio';

export async function serveApi(): Promise<RouteServer> {
  return serveRoutes({
    ...(await allApiRoutes()),
    '/api/v1/[...path]': await import('~/pages/api/v1/[...path]'),
    '/api/trpc/[trpc]': await import('~/pages/api/trpc/[trpc]'),
  });
}

export type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

/** A request with JSON in and out. */
export async function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(url, { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
