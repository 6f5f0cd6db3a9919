/**
 * Loopback HTTP helpers for test doubles: a server on 127.0.0.1:0 that records every request, and
 * a webhook receiver. Plain node:http, no framework.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

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
  url: string;
  server: Server;
  close(): Promise<void>;
};

export type LoopbackHandler = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => void | Promise<void>;

export async function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

export function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export async function recordRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const raw = await readRequestBody(req);
  const rawBody = raw.toString('utf8');
  let body: unknown;
  if (rawBody) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams.entries()),
    headers: flattenHeaders(req.headers),
    rawBody,
    body,
    at: Date.now(),
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

/** Starts a server on 127.0.0.1 (random port). Every request is read and recorded before the handler. */
export async function startLoopbackServer(handler: LoopbackHandler): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const recorded = await recordRequest(req);
        await handler(req, res, recorded);
      } catch (error) {
        sendJson(res, 500, { detail: `test double error: ${error instanceof Error ? error.message : String(error)}` });
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
    close: async () => {
      if (closed) return;
      closed = true;
      server.closeAllConnections(); // includes requests a double is deliberately hanging
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = {
  url: string;
  requests: RecordedRequest[];
  /** Status the receiver answers with (default 200). */
  respondWith(status: number): void;
  /** Resolves once `count` deliveries arrived (default 1), or rejects after timeoutMs. */
  waitFor(count?: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
};

/** A loopback endpoint recording webhook deliveries (raw body and headers kept for verification). */
export async function startWebhookReceiver(path = '/webhook'): Promise<WebhookReceiver> {
  const arrived = createArrivals<RecordedRequest>('webhook(s)');
  let status = 200;
  const server = await startLoopbackServer((_req, res, recorded) => {
    arrived.add(recorded);
    sendJson(res, status, { ok: status < 300 });
  });
  return {
    url: `${server.url}${path}`,
    requests: arrived.items,
    respondWith: (value) => {
      status = value;
    },
    waitFor: arrived.waitFor,
    close: server.close,
  };
}

/** What a provider double POSTs to a webhook URL, and how the receiver answered. */
export type OutgoingWebhook = {
  url: string;
  headers: Record<string, string>;
  rawBody: string;
  /** The receiver's HTTP status, or undefined when the POST failed (see error). */
  status?: number;
  error?: string;
};

/** POSTs a provider double's webhook as it is, and keeps the receiver's answer (or the failure) on it. */
export async function postWebhook<D extends OutgoingWebhook>(delivery: D): Promise<D> {
  try {
    const response = await fetch(delivery.url, { method: 'POST', headers: delivery.headers, body: delivery.rawBody, signal: AbortSignal.timeout(10_000) });
    delivery.status = response.status;
    await response.arrayBuffer().catch(() => undefined);
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error);
  }
  return delivery;
}

/** Things that arrive (requests, deliveries) in order, and a way to wait for the n-th. */
export type Arrivals<T> = {
  items: T[];
  add(item: T): void;
  /** Resolves once at least `count` have arrived (default 1), or rejects after timeoutMs. */
  waitFor(count?: number, timeoutMs?: number): Promise<T[]>;
  clear(): void;
};

/**
 * How long a test waits for an event or a state before failing: only a hang detector, since each
 * wait ends as soon as what it waits for happens (a busy machine can take seconds where an idle one
 * takes milliseconds), well within the integration tier's 60 s per test.
 */
export const WAIT_MS = 20_000;

/** `what` names the things in a timeout's message ('webhook(s)', 'fake-fal deliveries'). */
export function createArrivals<T>(what: string): Arrivals<T> {
  const items: T[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  return {
    items,
    add(item) {
      items.push(item);
      for (const waiter of [...waiters]) {
        if (items.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    },
    waitFor: (count = 1, timeoutMs = WAIT_MS) =>
      new Promise<T[]>((resolve, reject) => {
        if (items.length >= count) return resolve(items.slice());
        const timer = setTimeout(() => reject(new Error(`waited ${timeoutMs} ms for ${count} ${what}, got ${items.length}`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(items.slice());
          },
        });
      }),
    clear() {
      items.length = 0;
    },
  };
}

/** Polls `check` until it returns a truthy value (or throws after timeoutMs). */
export async function waitUntil<T>(check: () => T | Promise<T>, timeoutMs = WAIT_MS, intervalMs = 10): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`waitUntil: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Real, decodable sample media served by the provider doubles as model outputs: an 8x8 PNG, an 8x8
 * WebP and a one-frame 16x16 H.264 MP4 (made once with ffmpeg; bytes only, kept here as data).
 */
export const SAMPLE_MEDIA = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEUlEQVR4nGM4lWKIFTEMLQkAcAZXwXUBW2oAAAAASUVORK5CYII=', 'base64'),
  webp: Buffer.from('UklGRjgAAABXRUJQVlA4ICwAAACQAQCdASoIAAgAAgA0JaACdLoAA5gA/uJGvxuyzhwe/+px/8nH/ycf1lAAAA==', 'base64'),
  mp4: Buffer.from(
    'AAAAIGZ0eXBpc29tAAACAGlzb21pc28yYXZjMW1wNDEAAALzbW9vdgAAAGxtdmhkAAAAAAAAAAAAAAAAAAAD6AAAAMgAAQAAAQAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgAAAkJ0cmFrAAAAXHRraGQAAAADAAAAAAAAAAAAAAABAAAAAAAAAMgAAAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAABAAAAAABAAAAAQAAAAAAAkZWR0cwAAABxlbHN0AAAAAAAAAAEAAADIAAAAAAABAAAAAAG6bWRpYQAAACBtZGhkAAAAAAAAAAAAAAAAAAAoAAAACABVxAAAAAAALWhkbHIAAAAAAAAAAHZpZGUAAAAAAAAAAAAAAABWaWRlb0hhbmRsZXIAAAABZW1pbmYAAAAUdm1oZAAAAAEAAAAAAAAAAAAAACRkaW5mAAAAHGRyZWYAAAAAAAAAAQAAAAx1cmwgAAAAAQAAASVzdGJsAAAAwXN0c2QAAAAAAAAAAQAAALFhdmMxAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAABAAEABIAAAASAAAAAAAAAABDExhdmMgbGlieDI2NAAAAAAAAAAAAAAAAAAAAAAAAAAAGP//AAAAN2F2Y0MBZAAK/+EAGWdkAAqscgRewEQAAAMABAAAAwAoPEiWEYABAAdo6EODksiw/fj4AAAAABBwYXNwAAAAAQAAAAEAAAAUYnRydAAAAAAAAG9oAABvaAAAABhzdHRzAAAAAAAAAAEAAAABAAAIAAAAABxzdHNjAAAAAAAAAAEAAAABAAAAAQAAAAEAAAAUc3RzegAAAAAAAALJAAAAAQAAABRzdGNvAAAAAAAAAAEAAAMjAAAAPXVkdGEAAAA1bWV0YQAAAAAAAAAhaGRscgAAAAAAAAAAbWRpcmFwcGwAAAAAAAAAAAAAAAAIaWxzdAAAAAhmcmVlAAAC0W1kYXQAAAKvBgX//6vcRem95tlIt5Ys2CDZI+7veDI2NCAtIGNvcmUgMTY0IHIzMDk1IGJhZWU0MDAgLSBILjI2NC9NUEVHLTQgQVZDIGNvZGVjIC0gQ29weWxlZnQgMjAwMy0yMDIyIC0gaHR0cDovL3d3dy52aWRlb2xhbi5vcmcveDI2NC5odG1sIC0gb3B0aW9uczogY2FiYWM9MSByZWY9MTYgZGVibG9jaz0xOjA6MCBhbmFseXNlPTB4MzoweDEzMyBtZT11bWggc3VibWU9MTAgcHN5PTEgcHN5X3JkPTEuMDA6MC4wMCBtaXhlZF9yZWY9MSBtZV9yYW5nZT0yNCBjaHJvbWFfbWU9MSB0cmVsbGlzPTIgOHg4ZGN0PTEgY3FtPTAgZGVhZHpvbmU9MjEsMTEgZmFzdF9wc2tpcD0xIGNocm9tYV9xcF9vZmZzZXQ9LTIgdGhyZWFkcz0xIGxvb2thaGVhZF90aHJlYWRzPTEgc2xpY2VkX3RocmVhZHM9MCBucj0wIGRlY2ltYXRlPTEgaW50ZXJsYWNlZD0wIGJsdXJheV9jb21wYXQ9MCBjb25zdHJhaW5lZF9pbnRyYT0wIGJmcmFtZXM9OCBiX3B5cmFtaWQ9MiBiX2FkYXB0PTIgYl9iaWFzPTAgZGlyZWN0PTMgd2VpZ2h0Yj0xIG9wZW5fZ29wPTAgd2VpZ2h0cD0yIGtleWludD0yNTAga2V5aW50X21pbj01IHNjZW5lY3V0PTQwIGludHJhX3JlZnJlc2g9MCByY19sb29rYWhlYWQ9NjAgcmM9Y3JmIG1idHJlZT0xIGNyZj00MC4wIHFjb21wPTAuNjAgcXBtaW49MCBxcG1heD02OSBxcHN0ZXA9NCBpcF9yYXRpbz0xLjQwIGFxPTE6MS4wMACAAAAAEmWIgQAH//2vT4FA3mqJLvA3YQ==',
    'base64',
  ),
} as const;

const MEDIA_TYPES: Record<string, { bytes: Buffer; contentType: string }> = {
  png: { bytes: SAMPLE_MEDIA.png, contentType: 'image/png' },
  webp: { bytes: SAMPLE_MEDIA.webp, contentType: 'image/webp' },
  mp4: { bytes: SAMPLE_MEDIA.mp4, contentType: 'video/mp4' },
};

/** The sample for a file name by its extension (out-0.png, video.mp4...), or undefined. */
export function sampleMediaFor(fileName: string): { bytes: Buffer; contentType: string } | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext ? MEDIA_TYPES[ext] : undefined;
}

/*
 * Ports for what cannot listen on port 0 and tell us its port. A port found free by a bind(0) probe
 * and then closed is no one's: the next bind(0) anywhere on the machine (another test file's fake,
 * running at the same time) may be handed it. The kernel hands out ports for bind(0) and for
 * outgoing connections only from its ephemeral range, and every server of this suite listens on
 * port 0: a port below that range is taken only by a process that names it.
 */

/**
 * A loopback port nothing listens on (a database or provider that is not there): 2, privileged and
 * below any ephemeral range, so nothing of this suite can be listening there. (Not 1 or 9: fetch
 * refuses those "bad ports" itself, without connecting.)
 */
export const CLOSED_PORT = 2;

/**
 * A loopback port free now for a server that needs a port number before it starts (nginx): below
 * the ephemeral range, so that no other server of this suite can take it before that one binds it.
 */
export async function portBelowEphemeralRange(): Promise<number> {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '32768 60999');
  const first = Number(range.trim().split(/\s+/)[0]);
  for (let port = 20_000; port < first; port += 1) if (await canListen(port)) return port;
  throw new Error(`No free loopback port between 20000 and the ephemeral range (from ${first}).`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createNetServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
