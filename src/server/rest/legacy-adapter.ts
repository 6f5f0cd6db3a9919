/**
 * The legacy REST paths of the spec are thin adapters over tRPC procedures. This helper does all
 * the HTTP work they share: method check (405 + Allow), same-origin JSON-only POSTs, body parsing
 * with a size cap and a nesting cap (413 / 400 with a readable message), calling the procedure
 * through createCaller, and the envelope {success, data, message, error} with the mapped HTTP
 * status. 5xx never leak internals.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { AppError, APP_ERRORS, describeZodError } from '~/server/errors';
import { contextFromRequest } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from './json-depth';
import { BodyTooLargeError, readBody } from './read-body';

export type LegacyEnvelope = { success: boolean; data: unknown; message: string | null; error: string | null };

type Method = 'GET' | 'POST' | 'DELETE';
type Caller = ReturnType<typeof createCaller>;

export type LegacyCall = {
  caller: Caller;
  body: unknown;
  query: NextApiRequest['query'];
};

export type LegacyResult = {
  data: unknown;
  message?: string | null;
  /** For answers that report a negative outcome with 200 (e.g. a failed credit check). */
  success?: boolean;
  error?: string | null;
  extra?: Record<string, unknown>;
};

const BODY_LIMIT_BYTES = 256 * 1024;

export function legacyRoute(spec: { methods: readonly Method[]; run: (call: LegacyCall) => Promise<LegacyResult> }) {
  return async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    const method = (req.method ?? 'GET').toUpperCase() as Method;
    if (!spec.methods.includes(method)) {
      res.setHeader('Allow', spec.methods.join(', '));
      return send(res, 405, failure(`Method ${method} is not allowed. Use ${spec.methods.join(' or ')}.`, 'method_not_allowed'));
    }
    try {
      const body = method === 'GET' ? undefined : await parseJsonBody(req);
      const result = await spec.run({ caller: createCaller(await contextFromRequest(req)), body, query: req.query });
      send(res, 200, { success: result.success ?? true, data: result.data, message: result.message ?? null, error: result.error ?? null, ...result.extra });
    } catch (error) {
      const { status, envelope } = toFailure(error);
      send(res, status, envelope);
    }
  };
}

class BadRequest extends Error {
  constructor(message: string, readonly status = 400, readonly code = 'bad_request') {
    super(message);
  }
}

async function parseJsonBody(req: NextApiRequest): Promise<unknown> {
  // Cookie-authenticated POSTs are accepted only as JSON from our own origin (no CSRF via forms).
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') throw new BadRequest('Cross-site requests are not accepted.', 403, 'forbidden');
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost !== req.headers.host) throw new BadRequest('Cross-origin requests are not accepted.', 403, 'forbidden');
  } else if (origin === 'null') {
    throw new BadRequest('Cross-origin requests are not accepted.', 403, 'forbidden');
  }
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

export function toFailure(error: unknown): { status: number; envelope: LegacyEnvelope } {
  if (error instanceof BadRequest) return { status: error.status, envelope: failure(error.message, error.code) };
  if (error instanceof TRPCError) {
    const cause = error.cause;
    if (cause instanceof AppError) {
      return { status: APP_ERRORS[cause.code].http, envelope: failure(cause.message, cause.code) };
    }
    if (cause instanceof ZodError) return { status: 400, envelope: failure(describeZodError(cause), 'validation_failed') };
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) {
      console.error('[legacy-adapter]', error);
      return { status, envelope: failure(APP_ERRORS.internal.message, 'internal') };
    }
    return { status, envelope: failure(error.message, error.code.toLowerCase()) };
  }
  if (error instanceof AppError) return { status: APP_ERRORS[error.code].http, envelope: failure(error.message, error.code) };
  console.error('[legacy-adapter]', error);
  return { status: 500, envelope: failure(APP_ERRORS.internal.message, 'internal') };
}

function send(res: NextApiResponse, status: number, body: unknown): void {
  res.status(status).json(body);
}
