/**
 * A loopback double of Replicate's HTTP API (v1), faithful to the shapes the `replicate` SDK and
 * our provider rely on:
 *
 *   POST /v1/models/{owner}/{name}/predictions   model route   body {input, webhook?, webhook_events_filter?}
 *   POST /v1/predictions                         version route body {version, input, ...}
 *   GET  /v1/predictions/{id}
 *   POST /v1/predictions/{id}/cancel
 *   GET  /files/{id}/{name}                      output files (real PNG / WebP / MP4 bytes)
 *
 * `Authorization: Bearer <token>` is checked (401 problem+json like the real API); `Prefer: wait[=n]`
 * holds the create until the prediction finishes or n seconds pass. Predictions complete after N
 * polls or M ms, per target script; completed (and, if filtered in, start) webhooks are POSTed to the
 * prediction's webhook URL signed per Standard Webhooks with `webhookSecret`. Signing here is an
 * independent implementation (not the app's verifier). Every request is recorded.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createArrivals } from './arrivals';
import { routes, sendBytes, sendJson, startLoopbackServer, type RecordedRequest, type RoutedRequest } from './http';
import { sampleMediaFor } from './sample-media';
import { postWebhook } from './webhook-delivery';

export type { RecordedRequest } from './http';

export type ReplicateFault = {
  /** HTTP status to answer with (500, 429, 422, 503...). Ignored when `hang`. */
  status?: number;
  /** Never answer (the client's timeout must fire). */
  hang?: boolean;
  /** How many requests get the fault (default: all). */
  times?: number;
  detail?: string;
  title?: string;
  /** Retry-After header value in seconds. */
  retryAfter?: number;
  /** A raw body instead of the problem+json one. */
  body?: unknown;
};

export type ReplicateOutputContext = {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  fileUrl(name: string): string;
};

export type ReplicateScript = {
  /** Complete on the N-th GET of the prediction (the first GET moves it to processing). Default 2. */
  afterPolls?: number;
  /** Or complete M ms after creation, by a timer (webhooks then fire without any polling). */
  afterMs?: number;
  /** Never complete by itself (cancel or complete() it). */
  never?: boolean;
  /** Fail with this error text. */
  error?: string;
  /** The output, or a function of the prediction. Default: `files`. */
  output?: unknown | ((ctx: ReplicateOutputContext) => unknown);
  /**
   * Output files served by the double: an array gives an array of URLs (flux-schnell), a string a
   * single URL (flux-1.1-pro). Default: input.num_outputs (1..4) × out-{i}.{png|webp by output_format}.
   */
  files?: string[] | string;
  logs?: string;
  /**
   * What the model prints while it runs: one more line is appended to `logs` on each GET while
   * processing (as a real prediction's logs grow), e.g. tqdm bars. The final logs then keep them.
   */
  runLogs?: string[];
  /** Reject the input with 422 "Input validation failed" and this detail. */
  rejectInput?: string | ((input: Record<string, unknown>) => string | undefined);
  faults?: { create?: ReplicateFault; get?: ReplicateFault; cancel?: ReplicateFault };
};

export type FakePrediction = {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  logs: string;
  output: unknown;
  data_removed: boolean;
  error: string | null;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  created_at: string;
  started_at?: string;
  completed_at?: string;
  urls: { get: string; cancel: string; web: string };
  metrics?: { predict_time?: number; total_time?: number };
  webhook?: string;
  webhook_events_filter?: string[];
  source: 'api';
  /** Double-internal (not serialised). */
  _polls: number;
  _script: ReplicateScript;
  _createdMs: number;
};

export type ReplicateWebhookDelivery = {
  webhookId: string;
  predictionId: string;
  event: 'start' | 'completed' | 'manual' | 'replay';
  url: string;
  headers: Record<string, string>;
  rawBody: string;
  /** The receiver's HTTP status, or undefined when the POST failed (see error). */
  status?: number;
  error?: string;
};

export type SendReplicateWebhookOptions = {
  /** Deliver to this URL instead of the prediction's webhook. */
  url?: string;
  /** Sign with another secret ("wrong secret"). */
  secret?: string;
  /** Shift the signed timestamp (e.g. -3600 for a stale delivery). */
  timestampOffsetSeconds?: number;
  timestamp?: number;
  webhookId?: string;
  /** Change the body after signing ("tampered"); true flips the status to succeeded with other output. */
  tamper?: boolean | ((rawBody: string) => string);
  /** Replace the signature header entirely. */
  signatureHeader?: string;
  /** Extra (e.g. old-secret) signatures, space-separated before ours. */
  extraSignatures?: string[];
};

export type FakeReplicateOptions = {
  /** Accepted API token. Default 'r8_fake_token'. */
  token?: string;
  /** 'whsec_<base64>'. Default: random. */
  webhookSecret?: string;
  /** Per target: 'owner/name' (model route), 'owner/name:version' or a version id (version route). */
  scripts?: Record<string, ReplicateScript>;
  defaultScript?: ReplicateScript;
  /** Skew added to every automatic webhook timestamp (seconds). */
  webhookTimestampOffsetSeconds?: number;
};

export type FakeReplicate = {
  /** Origin of the double, e.g. http://127.0.0.1:41234 */
  url: string;
  /** API base for the SDK: `${url}/v1`. */
  baseUrl: string;
  token: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  /** Only create requests (model and version routes). */
  createRequests(): RecordedRequest[];
  predictions: Map<string, FakePrediction>;
  deliveries: ReplicateWebhookDelivery[];
  script(target: string, script: ReplicateScript): void;
  setDefaultScript(script: ReplicateScript): void;
  /** A fault for every request of an operation, whatever the target (undefined clears it). */
  fault(operation: 'create' | 'get' | 'cancel', fault: ReplicateFault | undefined): void;
  /** Finish a prediction now (default per its script; override output or error). */
  complete(id: string, outcome?: { output?: unknown; error?: string }): FakePrediction;
  /** The prediction as the API serialises it. */
  predictionJson(id: string): Record<string, unknown>;
  fileUrl(id: string, name: string): string;
  /** Signs a body like Replicate does: the three Standard Webhooks headers. */
  signWebhook(rawBody: string, options?: { secret?: string; webhookId?: string; timestamp?: number }): Record<string, string>;
  /** (Re)sends the prediction's current state as a webhook, optionally tampered/stale/wrongly signed. */
  sendWebhook(id: string, options?: SendReplicateWebhookOptions): Promise<ReplicateWebhookDelivery>;
  /** Sends a recorded delivery again, byte for byte (same id, timestamp, signature). */
  replay(delivery: ReplicateWebhookDelivery, url?: string): Promise<ReplicateWebhookDelivery>;
  /** Resolves when at least n deliveries have been answered. */
  waitForDeliveries(n?: number, timeoutMs?: number): Promise<ReplicateWebhookDelivery[]>;
  /**
   * Breaks the connections of the requests a `hang` fault holds (the client sees a broken
   * connection, as when the network drops mid-request); answers how many there were.
   */
  dropHung(): number;
  /** Forget requests, predictions, deliveries, scripts and faults. */
  reset(): void;
  close(): Promise<void>;
};

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function predictionId(): string {
  const bytes = randomBytes(26);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % 32];
  return id;
}

function problem(res: ServerResponse, status: number, title: string, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  sendJson(res, status, { title, detail, status, ...extra }, { 'content-type': 'application/problem+json', ...headers });
}

const DEFAULT_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthenticated',
  402: 'Insufficient credit',
  404: 'Not found',
  422: 'Input validation failed',
  429: 'Request was throttled',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

export async function startFakeReplicate(options: FakeReplicateOptions = {}): Promise<FakeReplicate> {
  const token = options.token ?? 'r8_fake_token';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64')}`;
  const requests: RecordedRequest[] = [];
  const predictions = new Map<string, FakePrediction>();
  const outbox = createArrivals<ReplicateWebhookDelivery>('fake-replicate deliveries');
  const deliveries = outbox.items;
  let scripts = new Map<string, ReplicateScript>(Object.entries(options.scripts ?? {}));
  let defaultScript: ReplicateScript = options.defaultScript ?? {};
  let globalFaults: { create?: ReplicateFault; get?: ReplicateFault; cancel?: ReplicateFault } = {};
  const faultUses = new WeakMap<ReplicateFault, number>();
  const timers = new Set<NodeJS.Timeout>();
  const completionWaiters = new Map<string, Array<() => void>>();
  const hung = new Set<ServerResponse>();
  let origin = '';

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const fileUrl = (id: string, name: string) => `${origin}/files/${id}/${name}`;

  function findScript(model: string | undefined, version: string | undefined): { script: ReplicateScript; model?: string } {
    if (version) {
      if (model && scripts.has(`${model}:${version}`)) return { script: scripts.get(`${model}:${version}`)!, model };
      for (const [key, script] of scripts) {
        if (key.endsWith(`:${version}`)) return { script, model: key.slice(0, key.length - version.length - 1) };
      }
      if (scripts.has(version)) return { script: scripts.get(version)! };
    }
    if (model && scripts.has(model)) return { script: scripts.get(model)!, model };
    return { script: defaultScript };
  }

  /** Applies a fault if one is due; returns true when the request was answered (or hung). */
  function applyFault(res: ServerResponse, fault: ReplicateFault | undefined): boolean {
    if (!fault) return false;
    const used = faultUses.get(fault) ?? 0;
    if (fault.times !== undefined && used >= fault.times) return false;
    faultUses.set(fault, used + 1);
    if (fault.hang) {
      // Never answered: the client gives up, or dropHung() or close() drops the socket.
      hung.add(res);
      res.once('close', () => hung.delete(res));
      return true;
    }
    const status = fault.status ?? 500;
    const headers: Record<string, string> = {};
    if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
    if (fault.body !== undefined) {
      sendJson(res, status, fault.body, headers);
      return true;
    }
    const detail =
      fault.detail ?? (status === 429 ? 'Request was throttled. Expected available in 1 second.' : status >= 500 ? 'Internal Server Error' : 'Bad request');
    problem(res, status, fault.title ?? DEFAULT_TITLES[status] ?? 'Error', detail, {}, headers);
    return true;
  }

  function serialise(p: FakePrediction): Record<string, unknown> {
    const { _polls, _script, _createdMs, ...rest } = p;
    void _polls;
    void _script;
    void _createdMs;
    return JSON.parse(JSON.stringify({ ...rest, output: rest.output ?? null })) as Record<string, unknown>;
  }

  function sign(rawBody: string, secret: string, webhookId: string, timestamp: number): string {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestamp}.${rawBody}`).digest('base64')}`;
  }

  function signWebhook(rawBody: string, opts: { secret?: string; webhookId?: string; timestamp?: number } = {}) {
    const webhookId = opts.webhookId ?? `msg_${randomBytes(12).toString('hex')}`;
    const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
    return {
      'webhook-id': webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(rawBody, opts.secret ?? webhookSecret, webhookId, timestamp),
    };
  }

  async function post(delivery: ReplicateWebhookDelivery): Promise<ReplicateWebhookDelivery> {
    outbox.add(await postWebhook(delivery));
    return delivery;
  }

  async function sendWebhook(id: string, opts: SendReplicateWebhookOptions = {}, event: ReplicateWebhookDelivery['event'] = 'manual') {
    const p = predictions.get(id);
    if (!p) throw new Error(`fake-replicate: no prediction ${id}`);
    const url = opts.url ?? p.webhook;
    if (!url) throw new Error(`fake-replicate: prediction ${id} has no webhook URL`);
    const signedBody = JSON.stringify(serialise(p));
    const timestamp =
      opts.timestamp ?? Math.floor(Date.now() / 1000) + (opts.timestampOffsetSeconds ?? options.webhookTimestampOffsetSeconds ?? 0);
    const webhookId = opts.webhookId ?? `msg_${randomBytes(12).toString('hex')}`;
    const signature = sign(signedBody, opts.secret ?? webhookSecret, webhookId, timestamp);
    let rawBody = signedBody;
    if (opts.tamper === true) {
      const tampered = { ...serialise(p), status: 'succeeded', error: null, output: ['https://evil.example/out-0.png'] };
      rawBody = JSON.stringify(tampered);
    } else if (typeof opts.tamper === 'function') {
      rawBody = opts.tamper(signedBody);
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Replicate-Webhooks/1.0',
      'webhook-id': webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': opts.signatureHeader ?? [...(opts.extraSignatures ?? []), signature].join(' '),
    };
    return post({ webhookId, predictionId: id, event, url, headers, rawBody });
  }

  function fireWebhook(p: FakePrediction, event: 'start' | 'completed') {
    if (!p.webhook) return;
    const filter = p.webhook_events_filter ?? ['start', 'output', 'logs', 'completed'];
    if (!filter.includes(event)) return;
    void sendWebhook(p.id, {}, event).catch(() => undefined);
  }

  function notifyCompleted(p: FakePrediction) {
    const waiters = completionWaiters.get(p.id) ?? [];
    completionWaiters.delete(p.id);
    for (const w of waiters) w();
  }

  function defaultOutput(p: FakePrediction): unknown {
    const script = p._script;
    const ctx: ReplicateOutputContext = { id: p.id, model: p.model, version: p.version, input: p.input, fileUrl: (n) => fileUrl(p.id, n) };
    if (script.output !== undefined) return typeof script.output === 'function' ? (script.output as (c: ReplicateOutputContext) => unknown)(ctx) : script.output;
    if (typeof script.files === 'string') return fileUrl(p.id, script.files);
    if (Array.isArray(script.files)) return script.files.map((n) => fileUrl(p.id, n));
    const requested = Number(p.input.num_outputs ?? 1);
    const count = Math.min(4, Math.max(1, Number.isFinite(requested) ? Math.floor(requested) : 1));
    const ext = p.input.output_format === 'webp' ? 'webp' : 'png';
    return Array.from({ length: count }, (_, i) => fileUrl(p.id, `out-${i}.${ext}`));
  }

  function finish(p: FakePrediction, outcome: { output?: unknown; error?: string } = {}) {
    if (p.status === 'succeeded' || p.status === 'failed' || p.status === 'canceled') return;
    const now = new Date();
    p.started_at ??= new Date(p._createdMs + 1).toISOString();
    p.completed_at = now.toISOString();
    const error = outcome.error ?? (outcome.output === undefined ? p._script.error : undefined);
    if (error !== undefined) {
      p.status = 'failed';
      p.error = error;
      p.logs = p._script.logs ?? `Traceback (most recent call last):\n${error}\n`;
    } else {
      p.status = 'succeeded';
      p.output = outcome.output !== undefined ? outcome.output : defaultOutput(p);
      p.logs = p._script.logs ?? (p._script.runLogs ? `${p._script.runLogs.join('\n')}\n` : 'Using seed: 1234\n100%|██████████| 4/4 [00:00<00:00]\n');
    }
    const total = (now.getTime() - p._createdMs) / 1000;
    p.metrics = { predict_time: Math.max(0.001, total * 0.9), total_time: total };
    notifyCompleted(p);
    fireWebhook(p, 'completed');
  }

  function advanceOnPoll(p: FakePrediction) {
    if (p.status === 'succeeded' || p.status === 'failed' || p.status === 'canceled') return;
    p._polls += 1;
    const script = p._script;
    if (p.status === 'starting') {
      p.status = 'processing';
      p.started_at = new Date().toISOString();
    }
    const printed = p.logs ? p.logs.split('\n').length - 1 : 0;
    const next = script.runLogs?.[printed];
    if (next !== undefined) p.logs += `${next}\n`;
    if (script.never) return;
    const afterPolls = script.afterPolls ?? (script.afterMs === undefined ? 2 : undefined);
    if (afterPolls !== undefined && p._polls >= afterPolls) finish(p);
  }

  const notFound = (res: ServerResponse) => problem(res, 404, 'Not found', 'The requested resource could not be found.');

  async function create(request: RoutedRequest, res: ServerResponse): Promise<void> {
    if (applyFault(res, globalFaults.create)) return;
    if (request.rawBody && request.body === undefined) return problem(res, 400, 'Bad request', 'Invalid JSON body');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const modelRoute = request.params.owner !== undefined;
    let model = modelRoute ? `${request.params.owner}/${request.params.name}` : undefined;
    const version = modelRoute ? undefined : typeof body.version === 'string' ? body.version : undefined;
    if (!modelRoute && !version) {
      return problem(res, 422, 'Input validation failed', '- (root): version is required\n', {
        invalid_fields: [{ type: 'required', field: '(root)', description: 'version is required' }],
      });
    }
    const found = findScript(model, version);
    model ??= found.model ?? 'unknown/unknown';
    const script = found.script;
    if (applyFault(res, script.faults?.create)) return;
    if (!body.input || typeof body.input !== 'object' || Array.isArray(body.input)) {
      return problem(res, 422, 'Input validation failed', '- (root): input is required\n', {
        invalid_fields: [{ type: 'required', field: '(root)', description: 'input is required' }],
      });
    }
    const input = body.input as Record<string, unknown>;
    const rejection = typeof script.rejectInput === 'function' ? script.rejectInput(input) : script.rejectInput;
    if (rejection) {
      return problem(res, 422, 'Input validation failed', rejection, {
        invalid_fields: [{ type: 'invalid', field: 'input', description: rejection.replace(/^-\s*/, '').trim() }],
      });
    }
    if (body.webhook !== undefined) {
      try {
        new URL(String(body.webhook));
      } catch {
        return problem(res, 422, 'Invalid webhook URL', 'webhook: must be a valid URL');
      }
    }
    const id = predictionId();
    const now = Date.now();
    const p: FakePrediction = {
      id,
      model,
      version: version ?? 'hidden',
      input,
      logs: '',
      output: null,
      data_removed: false,
      error: null,
      status: 'starting',
      created_at: new Date(now).toISOString(),
      urls: { get: `${origin}/v1/predictions/${id}`, cancel: `${origin}/v1/predictions/${id}/cancel`, web: `${origin}/p/${id}` },
      webhook: typeof body.webhook === 'string' ? body.webhook : undefined,
      webhook_events_filter: Array.isArray(body.webhook_events_filter) ? (body.webhook_events_filter as string[]) : undefined,
      source: 'api',
      _polls: 0,
      _script: script,
      _createdMs: now,
    };
    predictions.set(id, p);
    if (script.afterMs !== undefined && !script.never) {
      later(script.afterMs, () => {
        if (p.status === 'starting') {
          p.status = 'processing';
          p.started_at = new Date().toISOString();
        }
        finish(p);
      });
    }
    fireWebhook(p, 'start');

    const prefer = /(?:^|[,;\s])wait(?:=(\d+))?/i.exec(request.headers.prefer ?? '');
    if (prefer) {
      const seconds = Math.min(60, Math.max(1, Number(prefer[1] ?? 60)));
      if (script.afterMs === undefined && !script.never) {
        p.status = 'processing';
        p.started_at = new Date().toISOString();
        finish(p); // the model "runs" during the held request
      } else if (p.status !== 'succeeded' && p.status !== 'failed' && p.status !== 'canceled') {
        await new Promise<void>((resolve) => {
          const list = completionWaiters.get(id) ?? [];
          list.push(resolve);
          completionWaiters.set(id, list);
          later(seconds * 1000, resolve);
        });
        if (p.status === 'starting') {
          p.status = 'processing';
          p.started_at = new Date().toISOString();
        }
      }
    }
    return sendJson(res, 201, serialise(p));
  }

  function get(request: RoutedRequest, res: ServerResponse): void {
    if (applyFault(res, globalFaults.get)) return;
    const p = predictions.get(request.params.id!);
    if (!p) return notFound(res);
    if (applyFault(res, p._script.faults?.get)) return;
    advanceOnPoll(p);
    return sendJson(res, 200, serialise(p));
  }

  function cancel(request: RoutedRequest, res: ServerResponse): void {
    if (applyFault(res, globalFaults.cancel)) return;
    const p = predictions.get(request.params.id!);
    if (!p) return notFound(res);
    if (applyFault(res, p._script.faults?.cancel)) return;
    if (p.status === 'starting' || p.status === 'processing') {
      p.status = 'canceled';
      p.completed_at = new Date().toISOString();
      notifyCompleted(p);
      fireWebhook(p, 'completed');
    }
    return sendJson(res, 200, serialise(p));
  }

  const api = routes(
    [
      { method: 'POST', path: '/v1/models/:owner/:name/predictions', answer: create },
      { method: 'POST', path: '/v1/predictions', answer: create },
      { method: 'GET', path: '/v1/predictions/:id', answer: get },
      { method: 'POST', path: '/v1/predictions/:id/cancel', answer: cancel },
    ],
    (_req, res) => notFound(res),
  );

  const answer = routes(
    [
      {
        method: ['GET', 'HEAD'],
        path: '/files/:id/:name',
        answer: ({ params }, res) => {
          const media = sampleMediaFor(params.name!);
          if (!media || !predictions.has(params.id!)) return notFound(res);
          return sendBytes(res, 200, media.bytes, media.contentType);
        },
      },
    ],
    (req, res, recorded) => {
      if (!recorded.path.startsWith('/v1/')) return notFound(res);
      const auth = recorded.headers.authorization ?? '';
      if (auth !== `Bearer ${token}` && auth !== `Token ${token}`) return problem(res, 401, 'Unauthenticated', 'You did not pass a valid authentication token');
      return api(req, res, recorded);
    },
  );

  const server = await startLoopbackServer((req, res, recorded) => {
    requests.push(recorded);
    return answer(req, res, recorded);
  });
  origin = server.url;

  return {
    url: origin,
    baseUrl: `${origin}/v1`,
    token,
    webhookSecret,
    requests,
    createRequests: () => requests.filter((r) => r.method === 'POST' && (r.path === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(r.path))),
    predictions,
    deliveries,
    script: (target, script) => {
      scripts.set(target, script);
    },
    setDefaultScript: (script) => {
      defaultScript = script;
    },
    fault: (operation, fault) => {
      globalFaults = { ...globalFaults, [operation]: fault };
    },
    complete: (id, outcome) => {
      const p = predictions.get(id);
      if (!p) throw new Error(`fake-replicate: no prediction ${id}`);
      finish(p, outcome ?? {});
      return p;
    },
    predictionJson: (id) => {
      const p = predictions.get(id);
      if (!p) throw new Error(`fake-replicate: no prediction ${id}`);
      return serialise(p);
    },
    fileUrl,
    signWebhook,
    sendWebhook: (id, opts) => sendWebhook(id, opts, 'manual'),
    replay: (delivery, url) =>
      post({ ...delivery, event: 'replay', url: url ?? delivery.url, status: undefined, error: undefined, headers: { ...delivery.headers } }),
    waitForDeliveries: outbox.waitFor,
    dropHung: () => {
      const dropped = [...hung];
      hung.clear();
      for (const res of dropped) res.destroy();
      return dropped.length;
    },
    reset: () => {
      requests.length = 0;
      outbox.clear();
      predictions.clear();
      scripts = new Map(Object.entries(options.scripts ?? {}));
      defaultScript = options.defaultScript ?? {};
      globalFaults = {};
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const list of completionWaiters.values()) for (const w of list) w();
      completionWaiters.clear();
      await server.close();
    },
  };
}
