/**
 * Serves real Next.js pages-router API handlers over HTTP without Next, so integration tests can call
 * legacy routes, webhooks and the storage PUT/GET exactly as a browser or provider would.
 *
 *   const server = await serveRoutes({
 *     '/api/get-signedurl': await import('~/pages/api/get-signedurl'),   // a module: honours its `config`
 *     '/api/storage/[...key]': await import('~/pages/api/storage/[...key]'),
 *     '/api/unigen/[id]': someHandler,                                   // or a bare handler
 *   });
 *   await fetch(`${server.url}/api/storage/u/abc/masks/x.png`);          // req.query.key = ['u','abc','masks','x.png']
 *   await server.close();
 *
 * Route patterns use Next's file-name syntax, and the parameter names become req.query keys as in Next:
 *   [id]         one segment                      -> req.query.id = 'seg'
 *   [...key]     one or more segments (catch-all) -> req.query.key = ['a', 'b']
 *   [[...slug]]  zero or more (optional)          -> req.query.slug = ['a'] or absent
 * Search parameters are merged into req.query (repeated ones become arrays; route params win).
 * Like Next: req.cookies is parsed; req.body is parsed (JSON, urlencoded, text; 1 MB) unless the
 * module exports `config = { api: { bodyParser: false } }`, in which case the handler reads the raw
 * stream; res has status(), json(), send(), redirect(). Unknown paths answer 404; a handler that
 * throws answers 500 (the error is kept in server.errors for assertions).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextApiRequest, NextApiResponse } from 'next';
import { encode } from 'next-auth/jwt';
import { getEnv } from '~/env';

export type ApiHandler = (req: NextApiRequest, res: NextApiResponse) => unknown;
export type ApiRouteModule = { default: ApiHandler; config?: { api?: { bodyParser?: boolean | { sizeLimit?: string | number }; [option: string]: unknown } } };
export type RouteTable = Record<string, ApiHandler | ApiRouteModule>;

export type RouteServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  server: Server;
  /** Errors thrown by handlers (each also answered with 500). */
  errors: unknown[];
  close(): Promise<void>;
};

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string } | { kind: 'catchAll'; name: string; optional: boolean };
type CompiledRoute = { pattern: string; segments: Segment[]; handler: ApiHandler; parseBody: boolean };

function compile(pattern: string, target: ApiHandler | ApiRouteModule): CompiledRoute {
  const segments: Segment[] = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      let match = /^\[\[\.\.\.([A-Za-z0-9_]+)\]\]$/.exec(part);
      if (match) return { kind: 'catchAll', name: match[1]!, optional: true };
      match = /^\[\.\.\.([A-Za-z0-9_]+)\]$/.exec(part);
      if (match) return { kind: 'catchAll', name: match[1]!, optional: false };
      match = /^\[([A-Za-z0-9_]+)\]$/.exec(part);
      if (match) return { kind: 'param', name: match[1]! };
      return { kind: 'literal', value: part };
    });
  const handler = typeof target === 'function' ? target : target.default;
  const parseBody = typeof target === 'function' ? true : target.config?.api?.bodyParser !== false;
  return { pattern, segments, handler, parseBody };
}

function matchRoute(route: CompiledRoute, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i += 1) {
    const segment = route.segments[i]!;
    if (segment.kind === 'catchAll') {
      const rest = parts.slice(i);
      if (rest.length === 0 && !segment.optional) return null;
      if (rest.length > 0) params[segment.name] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === 'literal' && segment.value !== part) return null;
    if (segment.kind === 'param') params[segment.name] = part;
  }
  return parts.length === route.segments.length ? params : null;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

async function parseBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > 1024 * 1024) throw Object.assign(new Error('Body exceeded 1mb limit'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    if (!text) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw Object.assign(new Error('Invalid JSON'), { status: 400 });
    }
  }
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  return text;
}

function decorateResponse(res: ServerResponse): NextApiResponse {
  const api = res as unknown as NextApiResponse & Record<string, unknown>;
  api.status = (code: number) => {
    res.statusCode = code;
    return api;
  };
  api.json = (body: unknown) => {
    if (!res.getHeader('content-type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  };
  api.send = (body: unknown) => {
    if (Buffer.isBuffer(body)) {
      if (!res.getHeader('content-type')) res.setHeader('Content-Type', 'application/octet-stream');
      res.setHeader('Content-Length', String(body.length));
      res.end(body);
    } else if (body !== null && typeof body === 'object') {
      api.json(body);
    } else {
      if (!res.getHeader('content-type')) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(body === undefined ? undefined : String(body));
    }
  };
  api.redirect = ((statusOrUrl: number | string, maybeUrl?: string) => {
    const [status, location] = typeof statusOrUrl === 'number' ? [statusOrUrl, maybeUrl!] : [307, statusOrUrl];
    res.writeHead(status, { Location: location });
    res.end();
    return api;
  }) as NextApiResponse['redirect'];
  return api;
}

export async function serveRoutes(routes: RouteTable): Promise<RouteServer> {
  const compiled = Object.entries(routes).map(([pattern, target]) => compile(pattern, target));
  const errors: unknown[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const api = decorateResponse(res);
      try {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const parts = url.pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
        let found: { route: CompiledRoute; params: Record<string, string | string[]> } | undefined;
        for (const route of compiled) {
          const params = matchRoute(route, parts);
          if (params) {
            found = { route, params };
            break;
          }
        }
        if (!found) {
          api.status(404).json({ error: `No test route for ${url.pathname}` });
          return;
        }
        const query: Record<string, string | string[]> = {};
        for (const [name, value] of url.searchParams) {
          const existing = query[name];
          query[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
        }
        const request = req as NextApiRequest;
        Object.assign(request, {
          query: { ...query, ...found.params },
          cookies: parseCookies(req.headers.cookie),
          env: process.env,
        });
        if (found.route.parseBody && req.method !== 'GET' && req.method !== 'HEAD') {
          try {
            request.body = await parseBody(req);
          } catch (error) {
            api.status((error as { status?: number }).status ?? 400).send((error as Error).message);
            return;
          }
        }
        await found.route.handler(request, api);
      } catch (error) {
        errors.push(error);
        if (!res.headersSent) api.status(500).json({ error: 'Internal Server Error' });
        else res.destroy();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    errors,
    close: async () => {
      if (closed) return;
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One handler (or module) at one path (default '/'). */
export function serveApiRoute(target: ApiHandler | ApiRouteModule, options: { path?: string } = {}): Promise<RouteServer> {
  return serveRoutes({ [options.path ?? '/']: target });
}

/** The next-auth session cookie for a user id, as the app's own sign-in would set it (JWT strategy). */
export async function sessionCookieFor(userId: string, options: { maxAgeSeconds?: number } = {}): Promise<string> {
  const env = getEnv();
  const maxAge = options.maxAgeSeconds ?? 60 * 60;
  const token = await encode({ token: { sub: userId }, secret: env.secret, maxAge });
  const name = env.NEXTAUTH_URL?.startsWith('https://') ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
  return `${name}=${token}`;
}
