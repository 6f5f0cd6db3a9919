/**
 * A loopback double of fal's queue API, faithful to what `@fal-ai/client` 1.10 sends (with its
 * hosts rewritten onto this server) and to fal's documented shapes:
 *
 *   POST /{owner}/{alias}[/{path...}][?fal_webhook=URL]   submit; body = the input
 *        -> {request_id, gateway_request_id, status:'IN_QUEUE', queue_position, response_url, status_url, cancel_url}
 *   GET  /{owner}/{alias}/requests/{id}/status[?logs=0|1]  IN_QUEUE | IN_PROGRESS | COMPLETED (sub-path dropped)
 *   GET  /{owner}/{alias}/requests/{id}                    the result (400 while running; the error status when failed)
 *   PUT  /{owner}/{alias}/requests/{id}/cancel             202 CANCELLATION_REQUESTED | 400 ALREADY_COMPLETED
 *   GET  /.well-known/jwks.json                            the Ed25519 keys webhooks are signed with
 *   GET  /files/{id}/{name}                                output files (real PNG / WebP / MP4 bytes)
 *
 * `Authorization: Key <key>` is checked. On completion a webhook `{request_id, gateway_request_id,
 * status:'OK'|'ERROR', payload, error?}` is POSTed to `fal_webhook`, signed with Ed25519 over
 * `${requestId}\n${userId}\n${timestamp}\n${sha256hex(body)}` (X-Fal-Webhook-* headers, signature
 * hex). Signing here is independent of the app's verifier. Every request is recorded.
 */
import { createHash, generateKeyPairSync, randomUUID, sign as ed25519Sign, type KeyObject } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createArrivals } from './arrivals';
import { routes, sendBytes, sendJson, startLoopbackServer, type RecordedRequest, type RoutedRequest } from './http';
import { sampleMediaFor } from './sample-media';
import { postWebhook } from './webhook-delivery';

export type { RecordedRequest } from './http';

export type FalFault = {
  status?: number;
  hang?: boolean;
  /** How many requests get the fault (default: all). */
  times?: number;
  detail?: unknown;
  /** X-Fal-Error-Type header and body error_type. */
  errorType?: string;
  retryAfter?: number;
  body?: unknown;
};

export type FalOutputContext = {
  requestId: string;
  endpointId: string;
  input: Record<string, unknown>;
  fileUrl(name: string): string;
};

export type FalScript = {
  /** Status polls answered IN_QUEUE first (queue_position counting down). Default 0. */
  queuePolls?: number;
  /** Complete on the N-th status poll after the queue polls (the first one is IN_PROGRESS). Default 2. */
  afterPolls?: number;
  /** Or complete M ms after submit, by a timer (webhooks then fire without polling). */
  afterMs?: number;
  never?: boolean;
  /** Default output shape. Default 'image'. */
  kind?: 'image' | 'video' | 'text';
  output?: unknown | ((ctx: FalOutputContext) => unknown);
  /**
   * Fail: a string is a model error (422, detail [{loc:['body'], msg, type:'value_error'}]); an object
   * gives the result's status, body and error type (e.g. {status: 504, body: {detail:'Request timed out',
   * error_type:'request_timeout'}, errorType:'request_timeout'}).
   */
  error?: string | { status: number; body: unknown; errorType?: string };
  /**
   * What the app logs while IN_PROGRESS: each IN_PROGRESS status poll reveals one more message
   * (the status carries them all with ?logs=1), e.g. tqdm bars. Default: a single 'Running'.
   */
  runLogs?: string[];
  /** Also put `error`/`error_type` on the COMPLETED status (otherwise only the result carries it). */
  errorInStatus?: boolean;
  faults?: { submit?: FalFault; status?: FalFault; result?: FalFault; cancel?: FalFault };
};

export type FakeFalRequest = {
  requestId: string;
  endpointId: string;
  /** owner/alias (with a workflows/ or comfy/ namespace when present): the status/result prefix. */
  appPrefix: string;
  input: Record<string, unknown>;
  webhookUrl?: string;
  state: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';
  outcome?: { ok: true; output: unknown } | { ok: false; status: number; body: unknown; errorType?: string; canceled?: boolean };
  polls: number;
  script: FalScript;
  createdMs: number;
  completedMs?: number;
};

export type FalWebhookDelivery = {
  requestId: string;
  event: 'completed' | 'manual' | 'replay';
  url: string;
  headers: Record<string, string>;
  rawBody: string;
  status?: number;
  error?: string;
};

export type SendFalWebhookOptions = {
  url?: string;
  /** Change the body after signing; true swaps the payload for another one. */
  tamper?: boolean | ((rawBody: string) => string);
  timestampOffsetSeconds?: number;
  timestamp?: number;
  /** Sign with a key that is not in the JWKS. */
  unknownKey?: boolean;
  /** Sign with this private key. */
  privateKey?: KeyObject;
  userId?: string;
  /** Put another request id in the header than in the body. */
  headerRequestId?: string;
  signatureHex?: string;
};

export type FakeFalOptions = {
  /** Accepted key ('key_id:key_secret'). Default 'fal_fake_key_id:fal_fake_secret'. */
  key?: string;
  /** X-Fal-Webhook-User-Id. Default 'fake-user-1234'. */
  userId?: string;
  /** Per endpoint id ('fal-ai/flux/dev'), or owner/alias ('fal-ai/flux') for all its sub-paths. */
  scripts?: Record<string, FalScript>;
  defaultScript?: FalScript;
  webhookTimestampOffsetSeconds?: number;
};

export type FakeFal = {
  url: string;
  /** What to pass as the provider's baseUrl. */
  baseUrl: string;
  jwksUrl: string;
  key: string;
  userId: string;
  requests: RecordedRequest[];
  submitRequests(): RecordedRequest[];
  jwksRequests(): RecordedRequest[];
  jobs: Map<string, FakeFalRequest>;
  deliveries: FalWebhookDelivery[];
  script(endpointId: string, script: FalScript): void;
  setDefaultScript(script: FalScript): void;
  fault(operation: 'submit' | 'status' | 'result' | 'cancel' | 'jwks', fault: FalFault | undefined): void;
  complete(requestId: string, outcome?: { output?: unknown; error?: FalScript['error'] }): FakeFalRequest;
  fileUrl(requestId: string, name: string): string;
  /** The current signing key's public JWK (as published in the JWKS). */
  publicJwk(): Record<string, string>;
  /** Adds a new signing key (the old one stays published unless dropOld). */
  rotateKey(options?: { dropOld?: boolean }): void;
  /** Signs a body like fal does. */
  signWebhook(rawBody: string, options?: { requestId: string; userId?: string; timestamp?: number; privateKey?: KeyObject }): Record<string, string>;
  webhookBody(requestId: string): Record<string, unknown>;
  sendWebhook(requestId: string, options?: SendFalWebhookOptions): Promise<FalWebhookDelivery>;
  replay(delivery: FalWebhookDelivery, url?: string): Promise<FalWebhookDelivery>;
  waitForDeliveries(n?: number, timeoutMs?: number): Promise<FalWebhookDelivery[]>;
  reset(): void;
  close(): Promise<void>;
};

const NAMESPACES = new Set(['workflows', 'comfy']);

type KeyPair = { kid: string; privateKey: KeyObject; publicJwk: Record<string, string> };

function newKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
  const kid = createHash('sha256').update(jwk.x).digest('hex').slice(0, 16);
  return { kid, privateKey, publicJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid, use: 'sig', alg: 'EdDSA' } };
}

/** Splits '/fal-ai/flux/dev' into the endpoint id and the owner/alias prefix. */
function parseApp(path: string): { endpointId: string; appPrefix: string } | undefined {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const namespaced = parts[0] !== undefined && NAMESPACES.has(parts[0]);
  const need = namespaced ? 3 : 2;
  if (parts.length < need) return undefined;
  return { endpointId: parts.join('/'), appPrefix: parts.slice(0, need).join('/') };
}

export async function startFakeFal(options: FakeFalOptions = {}): Promise<FakeFal> {
  const key = options.key ?? 'fal_fake_key_id:fal_fake_secret';
  const userId = options.userId ?? 'fake-user-1234';
  const requests: RecordedRequest[] = [];
  const jobs = new Map<string, FakeFalRequest>();
  const outbox = createArrivals<FalWebhookDelivery>('fake-fal deliveries');
  const deliveries = outbox.items;
  let scripts = new Map<string, FalScript>(Object.entries(options.scripts ?? {}));
  let defaultScript: FalScript = options.defaultScript ?? {};
  let globalFaults: Partial<Record<'submit' | 'status' | 'result' | 'cancel' | 'jwks', FalFault>> = {};
  const faultUses = new WeakMap<FalFault, number>();
  const timers = new Set<NodeJS.Timeout>();
  let keys: KeyPair[] = [newKeyPair()];
  let origin = '';

  const current = () => keys[keys.length - 1]!;
  const fileUrl = (requestId: string, name: string) => `${origin}/files/${requestId}/${name}`;
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  function findScript(endpointId: string, appPrefix: string): FalScript {
    return scripts.get(endpointId) ?? scripts.get(appPrefix) ?? defaultScript;
  }

  function applyFault(res: ServerResponse, fault: FalFault | undefined): boolean {
    if (!fault) return false;
    const used = faultUses.get(fault) ?? 0;
    if (fault.times !== undefined && used >= fault.times) return false;
    faultUses.set(fault, used + 1);
    if (fault.hang) return true;
    const status = fault.status ?? 500;
    const headers: Record<string, string> = {};
    if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
    if (fault.errorType) headers['x-fal-error-type'] = fault.errorType;
    const body =
      fault.body ??
      (fault.errorType
        ? { detail: fault.detail ?? 'Request failed', error_type: fault.errorType }
        : { detail: fault.detail ?? (status === 429 ? 'Rate limit exceeded' : status >= 500 ? 'Internal Server Error' : 'Bad Request') });
    sendJson(res, status, body, headers);
    return true;
  }

  function urlsFor(job: Pick<FakeFalRequest, 'appPrefix' | 'requestId'>) {
    const base = `${origin}/${job.appPrefix}/requests/${job.requestId}`;
    return { response_url: base, status_url: `${base}/status`, cancel_url: `${base}/cancel` };
  }

  function defaultOutput(job: FakeFalRequest): unknown {
    const script = job.script;
    const ctx: FalOutputContext = { requestId: job.requestId, endpointId: job.endpointId, input: job.input, fileUrl: (n) => fileUrl(job.requestId, n) };
    if (script.output !== undefined) return typeof script.output === 'function' ? (script.output as (c: FalOutputContext) => unknown)(ctx) : script.output;
    const kind = script.kind ?? 'image';
    if (kind === 'video') {
      const media = sampleMediaFor('video.mp4')!;
      return { video: { url: ctx.fileUrl('video.mp4'), content_type: 'video/mp4', file_name: 'video.mp4', file_size: media.bytes.length }, seed: 42 };
    }
    if (kind === 'text') return { output: 'A small orange square on a plain background.' };
    const requested = Number(job.input.num_images ?? 1);
    const count = Math.min(4, Math.max(1, Number.isFinite(requested) ? Math.floor(requested) : 1));
    const ext = job.input.output_format === 'webp' ? 'webp' : 'png';
    const media = sampleMediaFor(`x.${ext}`)!;
    return {
      images: Array.from({ length: count }, (_, i) => ({
        url: ctx.fileUrl(`out-${i}.${ext}`),
        content_type: media.contentType,
        file_name: `out-${i}.${ext}`,
        file_size: media.bytes.length,
        width: 8,
        height: 8,
      })),
      timings: { inference: 0.12 },
      seed: 42,
      has_nsfw_concepts: Array.from({ length: count }, () => false),
      prompt: typeof job.input.prompt === 'string' ? job.input.prompt : '',
    };
  }

  function errorOutcome(error: NonNullable<FalScript['error']>): Extract<FakeFalRequest['outcome'], { ok: false }> {
    if (typeof error === 'string') {
      return { ok: false, status: 422, body: { detail: [{ loc: ['body'], msg: error, type: 'value_error' }] } };
    }
    return { ok: false, status: error.status, body: error.body, errorType: error.errorType };
  }

  function webhookBody(job: FakeFalRequest): Record<string, unknown> {
    const outcome = job.outcome;
    if (!outcome) throw new Error(`fake-fal: request ${job.requestId} has not completed`);
    if (outcome.ok) return { request_id: job.requestId, gateway_request_id: job.requestId, status: 'OK', payload: outcome.output };
    return {
      request_id: job.requestId,
      gateway_request_id: job.requestId,
      status: 'ERROR',
      error: `Invalid status code: ${outcome.status}`,
      payload: outcome.body,
    };
  }

  function signature(rawBody: string, requestId: string, uid: string, timestamp: number, privateKey: KeyObject): string {
    const digest = createHash('sha256').update(rawBody, 'utf8').digest('hex');
    return ed25519Sign(null, Buffer.from(`${requestId}\n${uid}\n${timestamp}\n${digest}`, 'utf8'), privateKey).toString('hex');
  }

  function signWebhook(rawBody: string, opts: { requestId: string; userId?: string; timestamp?: number; privateKey?: KeyObject }) {
    const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
    const uid = opts.userId ?? userId;
    return {
      'x-fal-webhook-request-id': opts.requestId,
      'x-fal-webhook-user-id': uid,
      'x-fal-webhook-timestamp': String(timestamp),
      'x-fal-webhook-signature': signature(rawBody, opts.requestId, uid, timestamp, opts.privateKey ?? current().privateKey),
    };
  }

  async function post(delivery: FalWebhookDelivery): Promise<FalWebhookDelivery> {
    outbox.add(await postWebhook(delivery));
    return delivery;
  }

  async function sendWebhook(requestId: string, opts: SendFalWebhookOptions = {}, event: FalWebhookDelivery['event'] = 'manual') {
    const job = jobs.get(requestId);
    if (!job) throw new Error(`fake-fal: no request ${requestId}`);
    const url = opts.url ?? job.webhookUrl;
    if (!url) throw new Error(`fake-fal: request ${requestId} has no webhook URL`);
    const signedBody = JSON.stringify(webhookBody(job));
    const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000) + (opts.timestampOffsetSeconds ?? options.webhookTimestampOffsetSeconds ?? 0);
    const privateKey = opts.privateKey ?? (opts.unknownKey ? newKeyPair().privateKey : current().privateKey);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...signWebhook(signedBody, { requestId, userId: opts.userId, timestamp, privateKey }),
    };
    if (opts.headerRequestId) headers['x-fal-webhook-request-id'] = opts.headerRequestId;
    if (opts.signatureHex) headers['x-fal-webhook-signature'] = opts.signatureHex;
    let rawBody = signedBody;
    if (opts.tamper === true) {
      rawBody = JSON.stringify({ ...webhookBody(job), status: 'OK', payload: { images: [{ url: 'https://evil.example/x.png' }] } });
    } else if (typeof opts.tamper === 'function') {
      rawBody = opts.tamper(signedBody);
    }
    return post({ requestId, event, url, headers, rawBody });
  }

  function finish(job: FakeFalRequest, outcome: { output?: unknown; error?: FalScript['error'] } = {}) {
    if (job.state === 'COMPLETED') return;
    job.state = 'COMPLETED';
    job.completedMs = Date.now();
    const error = outcome.error ?? (outcome.output === undefined ? job.script.error : undefined);
    job.outcome = error !== undefined ? errorOutcome(error) : { ok: true, output: outcome.output !== undefined ? outcome.output : defaultOutput(job) };
    if (job.webhookUrl) void sendWebhook(job.requestId, {}, 'completed').catch(() => undefined);
  }

  function advanceOnPoll(job: FakeFalRequest) {
    if (job.state === 'COMPLETED') return;
    job.polls += 1;
    const script = job.script;
    const queuePolls = script.queuePolls ?? 0;
    if (job.polls <= queuePolls) return; // still IN_QUEUE
    job.state = 'IN_PROGRESS';
    if (script.never) return;
    const afterPolls = script.afterPolls ?? (script.afterMs === undefined ? 2 : undefined);
    if (afterPolls !== undefined && job.polls - queuePolls >= afterPolls) finish(job);
  }

  function statusBody(job: FakeFalRequest, withLogs: boolean): Record<string, unknown> {
    const base = { status: job.state, request_id: job.requestId, ...urlsFor(job) };
    if (job.state === 'IN_QUEUE') {
      const queuePolls = job.script.queuePolls ?? 0;
      return { ...base, queue_position: Math.max(0, queuePolls - job.polls), logs: null, metrics: {} };
    }
    const printed = job.script.runLogs ? job.script.runLogs.slice(0, Math.max(1, job.polls - (job.script.queuePolls ?? 0))) : ['Running'];
    const logs = withLogs ? printed.map((message) => ({ message, level: 'INFO', source: 'USER', timestamp: new Date().toISOString() })) : null;
    if (job.state === 'IN_PROGRESS') return { ...base, logs, metrics: {} };
    const body: Record<string, unknown> = { ...base, logs, metrics: { inference_time: ((job.completedMs ?? Date.now()) - job.createdMs) / 1000 } };
    if (job.outcome && !job.outcome.ok && (job.script.errorInStatus || job.outcome.canceled)) {
      const detail = (job.outcome.body as { detail?: unknown })?.detail;
      body.error = typeof detail === 'string' ? detail : `Invalid status code: ${job.outcome.status}`;
      body.error_type = job.outcome.errorType ?? null;
    }
    return body;
  }

  /** A queued request's status, result or cancel: under the app's owner/alias only (a sub-path is a client bug). */
  function onRequest(op: 'status' | 'result' | 'cancel', answer: (job: FakeFalRequest, request: RoutedRequest, res: ServerResponse) => void) {
    return (request: RoutedRequest, res: ServerResponse) => {
      if (applyFault(res, globalFaults[op])) return;
      const job = jobs.get(request.params.id!);
      if (!job || request.params.app !== job.appPrefix) return sendJson(res, 404, { detail: `Request ${request.params.id} not found` });
      if (applyFault(res, job.script.faults?.[op])) return;
      answer(job, request, res);
    };
  }

  const status = onRequest('status', (job, request, res) => {
    advanceOnPoll(job);
    sendJson(res, 200, statusBody(job, request.query.logs === '1'));
  });

  const result = onRequest('result', (job, _request, res) => {
    if (job.state !== 'COMPLETED' || !job.outcome) return sendJson(res, 400, { detail: 'Request is still in progress' });
    if (job.outcome.ok) return sendJson(res, 200, job.outcome.output, { 'x-fal-request-id': job.requestId });
    const headers: Record<string, string> = { 'x-fal-request-id': job.requestId };
    if (job.outcome.errorType) headers['x-fal-error-type'] = job.outcome.errorType;
    sendJson(res, job.outcome.status, job.outcome.body, headers);
  });

  const cancel = onRequest('cancel', (job, _request, res) => {
    if (job.state === 'COMPLETED') return sendJson(res, 400, { status: 'ALREADY_COMPLETED' });
    job.state = 'COMPLETED';
    job.completedMs = Date.now();
    job.outcome = { ok: false, status: 499, body: { detail: 'Request was cancelled', error_type: 'client_cancelled' }, errorType: 'client_cancelled', canceled: true };
    if (job.webhookUrl) void sendWebhook(job.requestId, {}, 'completed').catch(() => undefined);
    sendJson(res, 202, { status: 'CANCELLATION_REQUESTED' });
  });

  function submit(request: RecordedRequest, res: ServerResponse): void {
    const app = parseApp(request.path);
    if (!app) return sendJson(res, 404, { detail: 'Application not found' });
    if (applyFault(res, globalFaults.submit)) return;
    const script = findScript(app.endpointId, app.appPrefix);
    if (applyFault(res, script.faults?.submit)) return;
    if (request.rawBody && request.body === undefined) return sendJson(res, 400, { detail: 'Invalid JSON body' });
    const input = (request.body ?? {}) as Record<string, unknown>;
    const requestId = randomUUID();
    const webhookUrl = request.query.fal_webhook || undefined;
    const job: FakeFalRequest = {
      requestId,
      endpointId: app.endpointId,
      appPrefix: app.appPrefix,
      input,
      webhookUrl,
      state: 'IN_QUEUE',
      polls: 0,
      script,
      createdMs: Date.now(),
    };
    jobs.set(requestId, job);
    if (script.afterMs !== undefined && !script.never) later(script.afterMs, () => finish(job));
    sendJson(res, 200, {
      status: 'IN_QUEUE',
      request_id: requestId,
      gateway_request_id: requestId,
      queue_position: script.queuePolls ?? 0,
      ...urlsFor(job),
      logs: null,
      metrics: {},
    });
  }

  const methodNotAllowed = (_request: RoutedRequest, res: ServerResponse) => sendJson(res, 405, { detail: 'Method Not Allowed' });

  const queue = routes(
    [
      { method: 'GET', path: '/*app/requests/:id/status', answer: status },
      { method: 'PUT', path: '/*app/requests/:id/cancel', answer: cancel },
      { method: 'GET', path: '/*app/requests/:id', answer: result },
      { method: '*', path: '/*app/requests/:id/status', answer: methodNotAllowed },
      { method: '*', path: '/*app/requests/:id/cancel', answer: methodNotAllowed },
      { method: '*', path: '/*app/requests/:id', answer: methodNotAllowed },
    ],
    (_req, res, recorded) => (recorded.method === 'POST' ? submit(recorded, res) : sendJson(res, 404, { detail: 'Not Found' })),
  );

  const answer = routes(
    [
      {
        method: 'GET',
        path: '/.well-known/jwks.json',
        answer: (_request, res) => {
          if (applyFault(res, globalFaults.jwks)) return;
          sendJson(res, 200, { keys: keys.map((k) => k.publicJwk) });
        },
      },
      {
        method: ['GET', 'HEAD'],
        path: '/files/:id/:name',
        answer: ({ params }, res) => {
          const media = sampleMediaFor(params.name!);
          if (!media || !jobs.has(params.id!)) return sendJson(res, 404, { detail: 'File not found' });
          sendBytes(res, 200, media.bytes, media.contentType);
        },
      },
    ],
    (req, res, recorded) => {
      if ((recorded.headers.authorization ?? '') !== `Key ${key}`) return sendJson(res, 401, { detail: 'Invalid Key Authorization header or key.' });
      return queue(req, res, recorded);
    },
  );

  const server = await startLoopbackServer((req, res, recorded) => {
    requests.push(recorded);
    return answer(req, res, recorded);
  });
  origin = server.url;

  return {
    url: origin,
    baseUrl: origin,
    jwksUrl: `${origin}/.well-known/jwks.json`,
    key,
    userId,
    requests,
    submitRequests: () => requests.filter((r) => r.method === 'POST' && r.path !== '/.well-known/jwks.json' && !r.path.startsWith('/files/')),
    jwksRequests: () => requests.filter((r) => r.path === '/.well-known/jwks.json'),
    jobs,
    deliveries,
    script: (endpointId, script) => {
      scripts.set(endpointId, script);
    },
    setDefaultScript: (script) => {
      defaultScript = script;
    },
    fault: (operation, fault) => {
      globalFaults = { ...globalFaults, [operation]: fault };
    },
    complete: (requestId, outcome) => {
      const job = jobs.get(requestId);
      if (!job) throw new Error(`fake-fal: no request ${requestId}`);
      finish(job, outcome ?? {});
      return job;
    },
    fileUrl,
    publicJwk: () => ({ ...current().publicJwk }),
    rotateKey: (opts = {}) => {
      keys = opts.dropOld ? [newKeyPair()] : [...keys, newKeyPair()];
    },
    signWebhook: (rawBody, opts) => signWebhook(rawBody, opts ?? { requestId: 'unknown' }),
    webhookBody: (requestId) => {
      const job = jobs.get(requestId);
      if (!job) throw new Error(`fake-fal: no request ${requestId}`);
      return webhookBody(job);
    },
    sendWebhook: (requestId, opts) => sendWebhook(requestId, opts, 'manual'),
    replay: (delivery, url) => post({ ...delivery, event: 'replay', url: url ?? delivery.url, status: undefined, error: undefined, headers: { ...delivery.headers } }),
    waitForDeliveries: outbox.waitFor,
    reset: () => {
      requests.length = 0;
      outbox.clear();
      jobs.clear();
      scripts = new Map(Object.entries(options.scripts ?? {}));
      defaultScript = options.defaultScript ?? {};
      globalFaults = {};
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await server.close();
    },
  };
}
