/**
 * deploy/nginx.conf, run for real: Debian's nginx with the repository's config (only the ports
 * substituted) in front of two small loopback servers standing in for two studio instances. It
 * proves round robin, failover when an instance dies, the headers the app relies on, and that a
 * Server-Sent Events stream on the tRPC path reaches the client unbuffered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '@test/helpers/poll';
import { portBelowEphemeralRange } from '@test/helpers/ports';
import { NGINX_REQUIRED, requireExecutable } from '@test/helpers/prerequisites';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CONFIG = path.resolve('deploy/nginx.conf');

type Instance = {
  name: string;
  port: number;
  server: Server;
  /**
   * From now on resets every connection, as a killed instance would refuse them, but keeps its port:
   * a port it gave up could go to another test's server, which nginx would then reach.
   */
  die(): void;
  close(): Promise<void>;
};

/** Lets the SSE handler know the client has the first event (or gives up after 5 s). */
let firstEventSeen: (() => void) | null = null;
const sseLog: string[] = [];

function instance(name: string): Promise<Instance> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/api/trpc/prediction.onUpdate')) {
      // Like a tRPC subscription, minus its X-Accel-Buffering header: the config alone must unbuffer.
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: first\n\n');
      sseLog.push('wrote first');
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('timed out'), 5_000));
      const seen = new Promise<string>((resolve) => (firstEventSeen = () => resolve('client had it')));
      void Promise.race([seen, timeout]).then((why) => {
        sseLog.push(`wrote second (${why})`);
        res.end('data: second\n\n');
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ instance: name, host: req.headers.host, proto: req.headers['x-forwarded-proto'], forwardedFor: req.headers['x-forwarded-for'] }));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        name,
        port,
        server,
        die: () => {
          server.prependListener('connection', (socket: Socket) => socket.destroy());
          server.closeAllConnections();
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let dir: string;
let nginx: ChildProcess | undefined;
let nginxLog = '';
let proxyPort: number;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  requireExecutable('nginx', NGINX, NGINX_REQUIRED);
  [a, b] = await Promise.all([instance('a'), instance('b')]);
  // nginx cannot listen on port 0 and say which port it got: its port is one no bind(0) can take.
  proxyPort = await portBelowEphemeralRange();
  dir = await mkdtemp(path.join(os.tmpdir(), 'studio-nginx-'));
  const site = (await readFile(CONFIG, 'utf8'))
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${a.port}`)
    .replace('server 127.0.0.1:3002', `server 127.0.0.1:${b.port}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${proxyPort};`);
  expect(site).toContain(`127.0.0.1:${a.port}`);
  expect(site).toContain(`127.0.0.1:${b.port}`);
  expect(site).toContain(`listen 127.0.0.1:${proxyPort};`);
  await writeFile(path.join(dir, 'studio.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, temp));
  // Debian's main config in miniature, with everything under our folder, and compression of every
  // text type (event streams included): the site itself must keep its stream unbuffered.
  const root = process.getuid?.() === 0;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `${root ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  gzip on;
  gzip_min_length 1;
  gzip_types text/plain text/css application/json application/javascript text/event-stream;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/studio.conf;
}
`,
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stdout?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
  nginx.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
  const answers = async () => {
    if (nginx!.exitCode !== null) throw new Error(`nginx exited: ${nginxLog}`);
    return fetch(`http://127.0.0.1:${proxyPort}/ready`).then(
      () => true,
      () => false,
    );
  };
  await pollUntil(answers, (up) => up, 'nginx to answer').catch((error: unknown) => {
    throw new Error(`nginx did not start: ${nginxLog}`, { cause: error });
  });
});

afterAll(async () => {
  if (nginx?.pid && nginx.exitCode === null) {
    nginx.kill('SIGQUIT');
    await new Promise((resolve) => nginx!.once('exit', resolve));
  }
  await Promise.all([a?.close(), b?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A GET through nginx as a browser on the public host would send it (fetch cannot set Host). */
function through(pathname: string): Promise<{ instance: string; host: string; proto: string; forwardedFor: string }> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port: proxyPort, path: pathname, headers: { host: 'studio.example.com' } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => (response.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${response.statusCode}: ${body}`))));
    });
    request.on('error', reject);
  });
}

describe('deploy/nginx.conf', () => {
  it('is a valid nginx configuration', async () => {
    const test = spawn(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    test.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => test.once('exit', resolve));
    expect(output).toContain('test is successful');
    expect(code).toBe(0);
  });

  it('spreads requests round robin over the instances and passes the public Host and scheme', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 6; i += 1) seen.push((await through('/api/get-user-details')).instance);
    expect(seen.join('')).toMatch(/^(ab){3}$|^(ba){3}$/);
    const answer = await through('/');
    expect(answer.host).toBe('studio.example.com');
    expect(answer.proto).toBe('http');
    expect(answer.forwardedFor).toBe('127.0.0.1');
  });

  it('streams Server-Sent Events on the tRPC path unbuffered', async () => {
    sseLog.length = 0;
    const response = await fetch(`http://127.0.0.1:${proxyPort}/api/trpc/prediction.onUpdate?input=%7B%7D`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('data: first\n\n');
    // The first event arrived while the instance was still holding the second one back.
    expect(sseLog).toEqual(['wrote first']);
    firstEventSeen?.();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('data: second\n\n');
    expect(sseLog).toEqual(['wrote first', 'wrote second (client had it)']);
  });

  it('keeps serving from the other instance when one dies', async () => {
    b.die();
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) seen.push((await through('/')).instance);
    expect(seen).toEqual(['a', 'a', 'a', 'a']);
  });
});
