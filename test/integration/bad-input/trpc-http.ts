/**
 * The tRPC route over HTTP for bad-input tests: the real handler (src/pages/api/trpc/[trpc].ts)
 * served like Next serves it, and small helpers that send exactly the bytes a test wants.
 */
import { getEnv } from '~/env';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';

export async function serveTrpc(): Promise<RouteServer> {
  return serveRoutes({ '/api/trpc/[trpc]': await import('~/pages/api/trpc/[trpc]') });
}

export type TrpcAnswer = { status: number; message: string | undefined; code: string | undefined; body: unknown };

async function answer(response: Response): Promise<TrpcAnswer> {
  const body = (await response.json()) as { error?: { json?: { message?: string; data?: { code?: string } } } };
  return { status: response.status, message: body.error?.json?.message, code: body.error?.json?.data?.code, body };
}

/**
 * A mutation with a raw JSON text as its body (superjson's {"json": ...} envelope included by the
 * caller). Signed in, it comes from the app's own origin, as a browser on our pages sends it.
 */
export async function trpcMutation(server: RouteServer, path: string, rawJson: string, cookie?: string): Promise<TrpcAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie) Object.assign(headers, { cookie, origin: new URL(getEnv().NEXTAUTH_URL!).origin });
  return answer(await fetch(`${server.url}/api/trpc/${path}`, { method: 'POST', headers, body: rawJson }));
}

/** A query with a raw JSON text as its input. */
export async function trpcQuery(server: RouteServer, path: string, rawJson: string, cookie?: string): Promise<TrpcAnswer> {
  return answer(await fetch(`${server.url}/api/trpc/${path}?input=${encodeURIComponent(rawJson)}`, { headers: cookie ? { cookie } : {} }));
}
