/**
 * A request in any method node:http can send (fetch refuses TRACE, TRACK and CONNECT), with the
 * answer's status, headers and body text, for bad-input tests that sweep methods and paths.
 */
import { request } from 'node:http';

export type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

export function rawRequest(url: string, method: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }) };
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Every method node:http sends as an ordinary request (CONNECT opens a tunnel instead). */
export { METHODS } from 'node:http';
