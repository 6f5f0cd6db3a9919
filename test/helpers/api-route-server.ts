/**
 * The app's API route modules served over HTTP for integration tests, the way `next start` serves
 * a pages/api route: each request goes to its module through Next's own API resolver (the module's
 * `config`, body parsing, cookies, res.status/json/send/redirect), so a test sees what a browser or
 * a provider would. Only Next's routing is left out: the table maps Next's file-name patterns
 * ([id], [...key]) to modules, matched in Next's order (static before dynamic) by Next's matchers.
 *
 *   const server = await serveRoutes({ '/api/storage/[...key]': await import('~/pages/api/storage/[...key]') });
 *   await fetch(`${server.url}/api/storage/u/abc/x.png`);   // req.query.key = ['u', 'abc', 'x.png']
 *
 * A path no route takes answers 404, one whose parameters do not decode 400 (as Next answers). What
 * a handler throws answers 500 and is kept in `errors`. close() drops every connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextApiRequest, NextApiResponse } from 'next';
// Next's own functions for pages/api routes (internal paths of the installed next).
import { apiResolver } from 'next/dist/server/api-utils/node/api-resolver';
import { getRouteMatcher } from 'next/dist/shared/lib/router/utils/route-matcher';
import { getRouteRegex } from 'next/dist/shared/lib/router/utils/route-regex';
import { getSortedRoutes } from 'next/dist/shared/lib/router/utils/sorted-routes';
import { DecodeError } from 'next/dist/shared/lib/utils';
import { encode } from 'next-auth/jwt';
import { getEnv } from '~/env';
import { listenOnLoopback } from './http';

/** A pages/api module: its handler and the `config` Next reads. */
export type ApiRouteModule = { default: (req: NextApiRequest, res: NextApiResponse) => unknown; config?: object };

/** Next's file-name pattern of a route ('/api/unigen/[id]') → its module. */
export type RouteTable = Record<string, ApiRouteModule>;

export type RouteServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Errors thrown by handlers (each also answered with 500). */
  errors: unknown[];
  close(): Promise<void>;
};

type Query = Record<string, string | string[]>;

/** Preview mode is never asked for; Next's resolver only needs its settings to exist. */
const API_CONTEXT = { previewModeId: '', previewModeEncryptionKey: '', previewModeSigningKey: '', dev: false };

function queryOf(search: URLSearchParams): Query {
  const query: Query = {};
  for (const [name, value] of search) {
    const known = query[name];
    query[name] = known === undefined ? value : [...[known].flat(), value];
  }
  return query;
}

export async function serveRoutes(routes: RouteTable): Promise<RouteServer> {
  const table = getSortedRoutes(Object.keys(routes)).map((page) => ({ page, module: routes[page]!, params: getRouteMatcher(getRouteRegex(page)) }));
  const errors: unknown[] = [];
  const recordError = async (error: unknown) => {
    errors.push(error);
  };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    for (const route of table) {
      let params: ReturnType<typeof route.params>;
      try {
        params = route.params(url.pathname);
      } catch (error) {
        if (!(error instanceof DecodeError)) throw error;
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request');
        return;
      }
      if (!params) continue;
      await apiResolver(req, res, { ...queryOf(url.searchParams), ...params }, route.module, API_CONTEXT, false, false, route.page, recordError);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `No test route for ${url.pathname}` }));
  }

  const server = await listenOnLoopback((req, res) => {
    answer(req, res).catch((error: unknown) => {
      errors.push(error);
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end();
    });
  });
  return { url: server.url, errors, close: server.close };
}

/** The next-auth session cookie for a user id, as the app's own sign-in would set it (JWT strategy). */
export async function sessionCookieFor(userId: string, options: { maxAgeSeconds?: number } = {}): Promise<string> {
  const env = getEnv();
  const maxAge = options.maxAgeSeconds ?? 60 * 60;
  const token = await encode({ token: { sub: userId }, secret: env.secret, maxAge });
  const name = env.NEXTAUTH_URL?.startsWith('https://') ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
  return `${name}=${token}`;
}
