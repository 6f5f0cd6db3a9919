/**
 * A callback receiver on loopback: it records every request (headers and body) and answers each as
 * the test's script says for that request's number (1-based). `listen(port)` can bring it up again
 * on the same port after `close()`, as a receiver that was down comes back.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string };
export type Script = (n: number, response: ServerResponse) => void;

export type Receiver = {
  port: number;
  /** host:port, as CALLBACK_ALLOW_HOSTS names it. */
  host: string;
  url: string;
  received: Received[];
  /** Resolves with the n-th request once it has arrived. */
  nth(n: number): Promise<Received>;
  close(): Promise<void>;
  listen(): Promise<void>;
};

export const answer = (status: number, body = '') => (_n: number, response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'text/plain' });
  response.end(body);
};

export async function startReceiver(script: Script = answer(200, 'ok'), path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: Array<{ n: number; resolve: (r: Received) => void }> = [];
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
          const n = received.length;
          script(n, response);
          for (const waiter of waiters.filter((w) => w.n === n)) waiter.resolve(received[n - 1]!);
        });
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const receiver: Receiver = {
    port,
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${path}`,
    received,
    nth(n) {
      if (received.length >= n) return Promise.resolve(received[n - 1]!);
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    listen,
  };
  return receiver;
}
