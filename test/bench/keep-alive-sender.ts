/**
 * The webhook bench's sender: one kept-alive HTTP/1.1 connection that sends one prepared request
 * at a time (written as a single buffer made before the run) and reads the answer's status, then
 * its body by Content-Length or chunks. node:http's client (a ClientRequest, header objects, its
 * parser and stream events per request) cost the load generator about 0.6 ms of CPU per delivery,
 * as much as PostgreSQL, on the same two cores as the server it measures; this costs a fraction.
 * The wire is the same: the server sees the requests node:http would send, on as many connections.
 */
import { connect, type Socket } from 'node:net';

export type Answer = { status: number };

const HEAD_END = Buffer.from('\r\n\r\n');
const LAST_CHUNK = Buffer.from('0\r\n\r\n');

/** The request's bytes: what node:http writes for a POST with these headers and this body. */
export function httpRequestBytes(url: URL, headers: Record<string, string>, body: Buffer): Buffer {
  const lines = [`POST ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]);
}

/** Where the answer ends in what was received so far, or -1 while more is to come. */
function answerEnd(received: Buffer): number {
  const headEnd = received.indexOf(HEAD_END);
  if (headEnd < 0) return -1;
  const head = received.toString('latin1', 0, headEnd).toLowerCase();
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) {
    const end = headEnd + HEAD_END.length + Number(length[1]);
    return received.length >= end ? end : -1;
  }
  if (/\r\ntransfer-encoding: *chunked/.test(head)) {
    // The bench's answers are small JSON: the last chunk is the only "0\r\n\r\n" after a line's end.
    const last = received.indexOf(LAST_CHUNK, headEnd + 2);
    return last >= 0 && received[last - 1] === 0x0a ? last + LAST_CHUNK.length : -1;
  }
  // No body (a 204 or 304 would be here; the webhook never answers so).
  return headEnd + HEAD_END.length;
}

export class KeepAliveSender {
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | null = null;
  private closed: Error | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  static open(url: URL): Promise<KeepAliveSender> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port) });
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new KeepAliveSender(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Sends one request (its bytes from httpRequestBytes) and resolves with the answer's status once all of it has arrived. */
  send(request: Buffer): Promise<Answer> {
    if (this.closed) return Promise.reject(this.closed);
    if (this.waiting) return Promise.reject(new Error('one request at a time on a connection'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const end = answerEnd(this.received);
    if (end < 0 || !this.waiting) return;
    // "HTTP/1.1 200 OK": the status is the three digits after the first space.
    const status = Number(this.received.toString('latin1', 9, 12));
    this.received = this.received.subarray(end);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve({ status });
  }

  private fail(error: Error): void {
    this.closed ??= error;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}
