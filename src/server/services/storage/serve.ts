/**
 * Reading an object for a viewer: public objects are cacheable for a year (keys are immutable);
 * objects of private generations exist only for their owner (anyone else gets "not found", so keys
 * are not even confirmed) and are cached privately. Single byte ranges are supported (video seeking,
 * and Safari plays video only from servers that answer ranges).
 */
import type { Readable } from 'node:stream';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { mayReadObjectAs } from './access';
import { isValidKey } from './keys';
import { getStorage } from './index';
import type { ByteRange } from './types';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PRIVATE_CACHE_CONTROL = 'private, max-age=86400';

export type ServableObject = {
  body: Readable;
  contentType: string;
  /** Bytes in body. */
  size: number;
  /** The whole object's size. */
  totalSize: number;
  /** Set when a range was asked for and is being served (answer 206). */
  range?: ByteRange;
  cacheControl: string;
  isPrivate: boolean;
};

export class RangeNotSatisfiableError extends AppError {
  constructor(readonly totalSize: number) {
    super('validation_failed', 'The requested range is not satisfiable.');
    this.name = 'RangeNotSatisfiableError';
  }
}

/**
 * A Range header's single byte range within size; undefined for no (or an ignorable) header.
 * Multiple ranges are answered with the whole object, as servers may.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) throw new RangeNotSatisfiableError(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) throw new RangeNotSatisfiableError(size);
  return { start, end };
}

/**
 * The object at key if the viewer may see it, else null. viewer is asked lazily: the session is read
 * only for private objects.
 */
export async function openObjectForViewer(
  db: Db,
  key: string,
  viewer: () => Promise<string | null>,
  options: { range?: string } = {},
): Promise<ServableObject | null> {
  if (!isValidKey(key)) return null;
  const row = await db.storedObject.findUnique({ where: { key }, select: { ownerId: true, contentType: true, isPrivate: true, size: true } });
  if (!row) return null;
  if (!(await mayReadObjectAs(row, viewer))) return null;
  // An upload not checked yet has no known size: it is served whole.
  const range = row.size === null ? undefined : parseRange(options.range, row.size);
  const object = await getStorage().getObject(key, range);
  if (!object) return null;
  return {
    body: object.body,
    contentType: row.contentType,
    size: object.size,
    totalSize: range && row.size !== null ? row.size : object.size,
    ...(range ? { range: { start: range.start, end: range.start + object.size - 1 } } : {}),
    cacheControl: row.isPrivate ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
    isPrivate: row.isPrivate,
  };
}
