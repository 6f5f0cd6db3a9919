/**
 * How our API routes write a JSON answer. A small answer (a poll, a check, a balance) goes out as
 * it is: Next gzips any response over 1 KB and hashes every `res.json` body for an ETag, which for
 * a 1–2 KB poll costs more CPU than everything else the request does (about a tenth of the poll
 * path in the bench's CPU profile) to save the client under a kilobyte. `no-transform` is the
 * Cache-Control directive Next's compression honours to leave one response alone. Large answers
 * (a page of creations) are still compressed.
 */
import type { ServerResponse } from 'node:http';

export const UNCOMPRESSED_UP_TO_BYTES = 8 * 1024;

/** Marks an answer of this many bytes to go uncompressed when it is small. */
export function leaveSmallAnswerUncompressed(res: ServerResponse, bytes: number): void {
  if (bytes > UNCOMPRESSED_UP_TO_BYTES) return;
  const current = res.getHeader('cache-control');
  const directives = typeof current === 'string' && current !== '' ? `${current}, no-transform` : 'no-transform';
  res.setHeader('cache-control', directives);
}

/** Writes `body` as JSON with its length (no ETag: these answers are no-store). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

/** Writes text that is already JSON, as sendJson does. */
export function sendJsonText(res: ServerResponse, status: number, text: string): void {
  const bytes = Buffer.byteLength(text);
  leaveSmallAnswerUncompressed(res, bytes);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', String(bytes));
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/**
 * JSON text kept per frozen value: a cached generation's prediction is one frozen object answered
 * to every poll of it, so its JSON (after `serialise`, e.g. a transformer) is made once. Null for
 * anything not frozen, which the caller serialises as usual.
 */
export function frozenJsonText(serialise: (value: object) => unknown = (value) => value): (value: unknown) => string | null {
  const texts = new WeakMap<object, string>();
  return (value) => {
    if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return null;
    let text = texts.get(value);
    if (text === undefined) {
      text = JSON.stringify(serialise(value));
      texts.set(value, text);
    }
    return text;
  };
}
