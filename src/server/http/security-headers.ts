/**
 * Headers of answers whose bytes are not ours to trust (stored uploads, proxied images, archives):
 * never sniffed into another type, and (for anything a browser might open) never run as a document.
 */
import type { ServerResponse } from 'node:http';

/** The browser takes the declared Content-Type as it is. */
export function setNoSniff(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/** A file opened directly is a sandboxed, script-less document: an uploaded SVG or HTML cannot run. */
export function setUntrustedFileHeaders(res: ServerResponse): void {
  setNoSniff(res);
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
}
