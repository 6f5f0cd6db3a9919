/**
 * Our stored objects at the edge: GET/HEAD read one (private ones only for their owner, or with a
 * valid signed read URL), PUT receives a signed upload for the local driver. Not a legacy adapter:
 * the PUT reads the raw body (parser off, capped) and the GET streams bytes with ranges. Failures
 * answer the spec's envelope (legacy-adapter.ts), a range past the end 416.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import { pipeline } from 'node:stream/promises';
import { sessionUserFromRequest } from '~/server/auth/session-user';
import { getDb } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { receiveLocalUpload } from '~/server/services/storage/local-upload';
import { ownerIdFromKey } from '~/server/services/storage/keys';
import { openObjectForViewer, RangeNotSatisfiableError } from '~/server/services/storage/serve';
import { verifyReadQuery } from '~/server/services/storage/signing';
import { methodNotAllowedMessage, takesMethod } from './allowed-methods';
import { sendFailure } from './legacy-adapter';
import { BodyTooLargeError, readBody } from './read-body';
import { setUntrustedFileHeaders } from './security-headers';

function keyOf(req: NextApiRequest): string {
  const parts = req.query.key;
  return Array.isArray(parts) ? parts.join('/') : (parts ?? '');
}

async function get(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const db = await getDb();
  const key = keyOf(req);
  // A valid signed read URL reads as the owner would (a hosted provider fetching a private input).
  const signed = req.query.sig !== undefined && verifyReadQuery(key, req.query);
  const viewer = async () => (signed ? ownerIdFromKey(key) : ((await sessionUserFromRequest(req))?.id ?? null));
  const object = await openObjectForViewer(db, key, viewer, { range: req.headers.range });
  if (!object) throw new AppError('not_found');
  res.statusCode = object.range ? 206 : 200;
  if (object.range) res.setHeader('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.totalSize}`);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', object.contentType);
  res.setHeader('Content-Length', String(object.size));
  res.setHeader('Cache-Control', object.cacheControl);
  if (object.isPrivate) res.setHeader('Vary', 'Cookie');
  setUntrustedFileHeaders(res);
  if (req.method === 'HEAD') {
    object.body.destroy();
    res.end();
    return;
  }
  await pipeline(object.body, res);
}

/** The body up to `limit` bytes, or null when it is longer (the rest is drained while we answer). */
async function bodyWithin(req: NextApiRequest, limit: number): Promise<Buffer | null> {
  try {
    return await readBody(req, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}

async function put(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const db = await getDb();
  const stored = await receiveLocalUpload(db, {
    key: keyOf(req),
    query: req.query,
    headers: req.headers,
    readBody: (limit) => bodyWithin(req, limit),
  });
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).json({ success: true, data: { key: stored.key, size: stored.size }, message: null, error: null });
}

const STORAGE_METHODS = ['GET', 'HEAD', 'PUT'];

export async function storageRoute(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  try {
    if (!takesMethod(req.method, STORAGE_METHODS, res)) {
      res.status(405).json({ success: false, data: null, message: methodNotAllowedMessage(req.method, STORAGE_METHODS), error: 'method_not_allowed' });
      return;
    }
    if (req.method === 'PUT') return await put(req, res);
    return await get(req, res);
  } catch (error) {
    if (res.headersSent) {
      res.destroy(error instanceof Error ? error : undefined);
      return;
    }
    if (error instanceof RangeNotSatisfiableError) {
      res.setHeader('Content-Range', `bytes */${error.totalSize}`);
      res.status(416).end();
      return;
    }
    sendFailure(res, error);
  }
}
