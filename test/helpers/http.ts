/**
 * The scaffolding every loopback server of the tests shares (the provider doubles, the webhook
 * receiver, the API route server): listening on 127.0.0.1 on a port of the kernel's choosing,
 * reading and recording each request with its JSON body, routing it by method and path, answering
 * JSON or bytes, and closing with every connection (including those a double holds on purpose).
 * Plain node:http, no framework.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** Lower-case header names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  rawBody: string;
  /** JSON-parsed body, or undefined when empty / not JSON. */
  body: unknown;
  at: number;
};

export type LoopbackServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  server: Server;
  close(): Promise<void>;
};

export type LoopbackHandler = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => unknown;

/** Serves `listener` on 127.0.0.1 (a port the kernel picks). close() drops every connection, then waits for the server to close. */
export async function listenOnLoopback(listener: RequestListener): Promise<LoopbackServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

async function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function recordRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const rawBody = (await readRequestBody(req)).toString('utf8');
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams.entries()),
    headers: flattenHeaders(req.headers),
    rawBody,
    body: parseJson(rawBody),
    at: Date.now(),
  };
}

/** A loopback server that reads and records each request before `handler` answers it; a handler that throws answers 500. */
export function startLoopbackServer(handler: LoopbackHandler): Promise<LoopbackServer> {
  return listenOnLoopback((req, res) => {
    void (async () => {
      try {
        await handler(req, res, await recordRequest(req));
      } catch (error) {
        sendJson(res, 500, { detail: `test double error: ${error instanceof Error ? error.message : String(error)}` });
      }
    })();
  });
}

/** A request as recorded, with the path segments its route's pattern names (URL-decoded). */
export type RoutedRequest = RecordedRequest & { params: Record<string, string> };

export type Route = {
  /** The methods the route takes ('*': every method). */
  method: string | readonly string[];
  /** Segments: a literal, `:name` (one segment) or `*name` (one or more, slashes kept), e.g. '/v1/predictions/:id/cancel'. */
  path: string;
  answer(request: RoutedRequest, res: ServerResponse, req: IncomingMessage): unknown;
};

type CompiledRoute = Route & { pattern: RegExp; names: string[] };

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':') || segment.startsWith('*')) names.push(segment.slice(1));
      if (segment.startsWith(':')) return '([^/]+)';
      if (segment.startsWith('*')) return '(.+)';
      return segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { ...route, pattern: new RegExp(`^${source}$`), names };
}

function takes(route: Route, method: string): boolean {
  return route.method === '*' || route.method === method || (Array.isArray(route.method) && route.method.includes(method));
}

/** Answers each request by the first route whose method and path match; `otherwise` answers the rest. */
export function routes(table: readonly Route[], otherwise: LoopbackHandler): LoopbackHandler {
  const compiled = table.map(compile);
  return (req, res, recorded) => {
    for (const route of compiled) {
      const match = takes(route, recorded.method) ? route.pattern.exec(recorded.path) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
      return route.answer({ ...recorded, params }, res, req);
    }
    return otherwise(req, res, recorded);
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text).toString(), ...headers });
  res.end(text);
}

export function sendBytes(res: ServerResponse, status: number, bytes: Buffer, contentType: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': contentType, 'content-length': bytes.length.toString() });
  res.end(bytes);
}
