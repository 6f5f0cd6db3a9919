/**
 * Open update streams held by a small process of its own (streams.ts): ten thousand connections,
 * their buffers and their GC would otherwise live in the bench's process, whose autocannon then
 * measures its own pauses as the server's (poll-process.ts says the same of the poll).
 *
 * Run as the child: `fork(this file)`; one message opens the streams and is answered with how many
 * opened; disconnecting ends them and the process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request, type ClientRequest } from 'node:http';

export type OpenStream = { request: ClientRequest; text: () => string; onData: (listener: () => void) => void };

/** Opens one stream (its own connection); null when it was refused (not a 200 with tRPC's `connected` event). */
export function openStream(url: string, cookie: string, keepText = true): Promise<OpenStream | null> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, headers: { accept: 'text/event-stream', cookie } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve(null);
        return;
      }
      let text = '';
      const listeners: Array<() => void> = [];
      let settled = false;
      response.setEncoding('utf8');
      response.on('error', () => undefined);
      response.on('data', (chunk: string) => {
        if (!settled) {
          text += chunk;
          if (!text.includes('event: connected\n')) return;
          settled = true;
          resolve({ request: req, text: () => text, onData: (listener) => listeners.push(listener) });
          if (!keepText) text = '';
          return;
        }
        // Only the newest events matter.
        if (keepText) text = (text + chunk).slice(-65_536);
        for (const listener of listeners) listener();
      });
      response.on('end', () => !settled && resolve(null));
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}

type Ask = { url: string; cookies: string[]; count: number; atOnce: number };
export type Held = { opened: number; refused: number; stop: () => void };

export async function holdStreams(ask: Ask): Promise<Held> {
  const child: ChildProcess = fork(__filename, ['--stream-holder'], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = await new Promise<{ opened: number; refused: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the stream holder exited (code ${code})`)));
    child.once('message', (message) => resolve(message as { opened: number; refused: number }));
    child.send(ask);
  });
  return { ...answer, stop: () => child.kill('SIGTERM') };
}

async function serve(): Promise<void> {
  const streams: OpenStream[] = [];
  process.once('message', (message) => {
    void (async () => {
      const ask = message as Ask;
      let refused = 0;
      for (let i = 0; i < ask.count; i += ask.atOnce) {
        const batch = await Promise.all(Array.from({ length: Math.min(ask.atOnce, ask.count - i) }, (_, j) => openStream(ask.url, ask.cookies[(i + j) % ask.cookies.length]!, false)));
        for (const stream of batch) {
          if (stream) streams.push(stream);
          else refused += 1;
        }
      }
      process.send?.({ opened: streams.length, refused });
    })();
  });
  process.once('disconnect', () => process.exit(0));
}

if (process.argv.includes('--stream-holder')) void serve();
