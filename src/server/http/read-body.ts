/**
 * Reads a request body as a Buffer with a hard size cap (Next's body parser is off on these routes).
 * Over the cap, the rest of the body is read and dropped rather than the connection cut, so the
 * client gets to read the 413 we answer; a client that keeps sending far past that is cut off.
 */
import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${limit} bytes.`);
  }
}

/**
 * The client went away before its body arrived (a closed tab, a dropped connection): nothing to
 * answer and nothing wrong on our side, so it is logged as an abort, never as a server error.
 */
export class RequestAbortedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('aborted: the client closed the connection before its request body arrived', options);
    this.name = 'RequestAbortedError';
  }
}

/** How much more than the cap a refused client may still send (and how long) before we hang up. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_LIMIT_MS = 30_000;

/** Reads and drops what is left of a refused body, within bounds, while our answer goes out. */
function drainRefused(req: IncomingMessage): void {
  let dropped = 0;
  const hangUp = () => req.socket?.destroy();
  const timer = setTimeout(hangUp, DRAIN_LIMIT_MS);
  timer.unref?.();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT_BYTES) hangUp();
  });
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  // Gone before we started reading (a route that looked something up first): no event will come.
  if (req.destroyed && !req.complete) return Promise.reject(new RequestAbortedError());
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    drainRefused(req);
    return Promise.reject(new BodyTooLargeError(limitBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += buffer.length;
      if (total > limitBytes) {
        cleanup();
        drainRefused(req);
        reject(new BodyTooLargeError(limitBytes));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    // Node reports a client that hung up mid-body as an error ('aborted', ECONNRESET) or only by
    // closing the request before its end.
    const onError = (error: Error) => {
      cleanup();
      reject(req.complete ? error : new RequestAbortedError({ cause: error }));
    };
    const onClose = () => {
      cleanup();
      reject(new RequestAbortedError());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
