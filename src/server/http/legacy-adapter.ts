/**
 * The legacy REST paths of the spec are thin adapters over tRPC procedures. This helper does all
 * the HTTP work they share: method check (405 + Allow), the credentials (a session cookie or an API
 * key, never both: api-context.ts, which also counts a key's requests), same-origin JSON-only POSTs
 * for cookies (a key is no ambient authority: it needs no Origin), body parsing
 * with a size cap and a nesting cap (413 / 400 with a readable message), running the procedure
 * (call-procedure.ts: its whole chain, the body as its raw input), and the envelope
 * {success, data, message, error} with the mapped HTTP status. 5xx never leak internals. Routes
 * that answer with a file (the image proxy) use legacyMediaRoute: the same door, with the bytes as
 * the success answer and the same envelope for failures.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { APP_ERRORS, asAppError, describeZodError, retryAfterFor } from '~/server/errors';
import { methodNotAllowedMessage, takesMethod } from './allowed-methods';
import { apiContextFromRequest } from './api-context';
import { credentialsOf, type Credentials } from './credentials';
import { callProcedure, type OutputAt, type ProcedurePath } from './call-procedure';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from './json-depth';
import { frozenJsonText, sendJson, sendJsonText } from '~/server/http/json-answer';
import { crossSiteRefusal } from '~/server/http/same-origin';
import { BodyTooLargeError, readBody, RequestAbortedError } from './read-body';
import { setUntrustedFileHeaders } from './security-headers';

export type LegacyEnvelope = { success: boolean; data: unknown; message: string | null; error: string | null };

type Method = 'GET' | 'HEAD' | 'POST' | 'DELETE';

export type LegacyCall = {
  /**
   * The procedure at `path`, run for this request: its doors, its input check (a bad input answers
   * 400 with zod's issues, as the procedure does), its resolver and its output check. The input is
   * the request's JSON body unless another is given.
   */
  call<P extends ProcedurePath>(path: P, input?: unknown): Promise<OutputAt<P>>;
  /** The body with `pinned` fields set over it (a route that fixes the model). */
  bodyWith(pinned: Record<string, unknown>): Record<string, unknown>;
  query: Query;
  /** The origins this request came in on (http and https of its Host). */
  requestOrigins: string[];
};

/** A request's query, as Next parses it (its route's parameters included) or from its URL. */
export type Query = Partial<Record<string, string | string[]>>;

/**
 * What the adapter reads of a request: node:http's, with the query Next parsed when Next serves it
 * (a dynamic route's parameters are only there). The production server answers some routes
 * before Next (direct-routes.ts), on the bare request: the query then comes from the URL.
 */
export type EdgeRequest = IncomingMessage & { query?: Query };

export type LegacyResult = {
  data: unknown;
  message?: string | null;
  /** For answers that report a negative outcome with 200 (e.g. a failed credit check). */
  success?: boolean;
  error?: string | null;
  extra?: Record<string, unknown>;
};

/** A file answer: sent as-is with its type, never sniffed or run as a document. */
export type LegacyMedia = { bytes: Uint8Array; contentType: string; cacheControl: string };

const BODY_LIMIT_BYTES = 256 * 1024;

function requestOrigins(req: IncomingMessage): string[] {
  const host = req.headers.host;
  return host ? [`http://${host}`, `https://${host}`].filter((origin) => URL.canParse(origin)) : [];
}

/** The query of a request Next did not parse: its URL's search parameters, repeated ones as arrays. */
function queryOf(req: IncomingMessage): Query {
  const query: Query = {};
  const search = req.url?.indexOf('?') ?? -1;
  if (search === -1) return query;
  for (const [name, value] of new URLSearchParams(req.url!.slice(search + 1))) {
    const known = query[name];
    query[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return query;
}

function adapter<T>(methods: readonly Method[], run: (call: LegacyCall) => Promise<T>, respond: (req: IncomingMessage, res: ServerResponse, result: T) => void) {
  return async function handler(req: EdgeRequest, res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    const method = (req.method ?? 'GET').toUpperCase() as Method;
    if (!takesMethod(method, methods, res)) return sendJson(res, 405, failure(methodNotAllowedMessage(method, methods), 'method_not_allowed'));
    try {
      const credentials = credentialsOf(req);
      const body = method === 'GET' || method === 'HEAD' ? undefined : await parseJsonBody(req, credentials);
      const context = await apiContextFromRequest(req, res, credentials, { countWithoutKey: false });
      const result = await run({
        call: (path, input = body) => callProcedure(path, context, input),
        bodyWith: (pinned) => Object.assign({}, body, pinned),
        get query() {
          return req.query ?? queryOf(req);
        },
        // Only the image proxy asks (two URL parses per request otherwise).
        get requestOrigins() {
          return requestOrigins(req);
        },
      });
      respond(req, res, result);
    } catch (error) {
      sendFailure(res, error);
    }
  };
}

export function legacyRoute(spec: { methods: readonly Method[]; run: (call: LegacyCall) => Promise<LegacyResult> }) {
  return adapter(spec.methods, spec.run, (_req, res, result) => {
    const envelope: LegacyEnvelope = { success: result.success ?? true, data: result.data, message: result.message ?? null, error: result.error ?? null };
    sendJsonText(res, 200, result.extra ? JSON.stringify({ ...envelope, ...result.extra }) : envelopeText(envelope));
  });
}

const frozenDataText = frozenJsonText();

/** JSON.stringify(envelope), byte for byte, with a frozen `data` serialised only once. */
function envelopeText(envelope: LegacyEnvelope): string {
  const json = frozenDataText(envelope.data);
  if (json === null) return JSON.stringify(envelope);
  // The envelope's keys in their order: success, data, then the rest as JSON.stringify writes them.
  return `{"success":${envelope.success},"data":${json},${JSON.stringify({ message: envelope.message, error: envelope.error }).slice(1)}`;
}

/** GET (and HEAD) answered with a file; failures are the usual envelope. */
export function legacyMediaRoute(spec: { run: (call: LegacyCall) => Promise<LegacyMedia> }) {
  return adapter(['GET', 'HEAD'], spec.run, (req, res, media) => {
    res.statusCode = 200;
    res.setHeader('Content-Type', media.contentType);
    res.setHeader('Content-Length', String(media.bytes.byteLength));
    res.setHeader('Cache-Control', media.cacheControl);
    setUntrustedFileHeaders(res);
    if (req.method === 'HEAD') res.end();
    else res.end(Buffer.from(media.bytes.buffer, media.bytes.byteOffset, media.bytes.byteLength));
  });
}

/** A request refused before any procedure runs: its status and error code say why. */
export class BadRequest extends Error {
  constructor(message: string, readonly status = 400, readonly code = 'bad_request') {
    super(message);
  }
}

/** The request's JSON body, read as every REST route reads it (size, type, nesting, same origin for cookies). */
export async function parseJsonBody(req: IncomingMessage, credentials: Credentials): Promise<unknown> {
  // Cookie-authenticated POSTs are accepted only as JSON from our own origin (no CSRF via forms).
  const refusal = credentials.kind === 'key' ? null : crossSiteRefusal(req);
  if (refusal) throw new BadRequest(refusal, 403, 'forbidden');
  let raw: Buffer;
  try {
    raw = await readBody(req, BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new BadRequest('The request body is too large.', 413, 'payload_too_large');
    throw error;
  }
  if (raw.length === 0) return {};
  const type = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new BadRequest('The request body must be JSON (Content-Type: application/json).', 415, 'unsupported_media_type');
  const text = raw.toString('utf8');
  if (jsonNestsDeeperThan(text)) throw new BadRequest(JSON_TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest('The request body is not valid JSON.');
  }
}

function failure(message: string, error: string): LegacyEnvelope {
  return { success: false, data: null, message, error };
}

export type Failure = { status: number; envelope: LegacyEnvelope; retryAfterSeconds?: number };

export function toFailure(error: unknown): Failure {
  if (error instanceof BadRequest) return { status: error.status, envelope: failure(error.message, error.code) };
  if (error instanceof RequestAbortedError) {
    // Nobody is left to read the answer, and nothing went wrong here: an abort, not an error.
    console.info(`[legacy-adapter] ${error.message}`);
    return { status: 400, envelope: failure(error.message, 'aborted') };
  }
  // Our own errors and a lost database, whether thrown directly or through a procedure.
  const appError = asAppError(error instanceof TRPCError ? error.cause : error);
  if (appError) {
    return { status: APP_ERRORS[appError.code].http, envelope: failure(appError.message, appError.code), retryAfterSeconds: retryAfterFor(appError.code) };
  }
  if (error instanceof TRPCError) {
    const cause = error.cause;
    // A refused input; a refused output (our fault) is a 500 like any other.
    if (cause instanceof ZodError && error.code === 'BAD_REQUEST') return { status: 400, envelope: failure(describeZodError(cause), 'validation_failed') };
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) {
      console.error('[legacy-adapter]', error);
      return { status, envelope: failure(APP_ERRORS.internal.message, 'internal') };
    }
    return { status, envelope: failure(error.message, error.code.toLowerCase()) };
  }
  console.error('[legacy-adapter]', error);
  return { status: 500, envelope: failure(APP_ERRORS.internal.message, 'internal') };
}

/** Answers a failure with its status, envelope and (for passing outages) Retry-After. */
export function sendFailure(res: ServerResponse, error: unknown): void {
  const { status, envelope, retryAfterSeconds } = toFailure(error);
  if (retryAfterSeconds) res.setHeader('Retry-After', String(retryAfterSeconds));
  res.setHeader('Cache-Control', 'no-store');
  sendJson(res, status, envelope);
}
