/**
 * Starts the built studio (server.mjs, as `npm start` does) in its own process group with the given environment and
 * a fresh data folder, and stops it by group (so nothing it started outlives it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { newDataDir } from './database-template';
import { watchServer } from './failure-report';

/** `pid` leads the server's process group (the bench reads the group's CPU time). */
export type AppServer = {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  logs: () => string;
  /** How the server process ended (its exit code, or the signal that killed it), once it has. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: () => Promise<void>;
};

/**
 * What `npm start` runs, read from package.json's start script (`[NAME=value ...] node [flags] server.mjs`),
 * so the tests and the bench start the studio with the same node flags as production.
 */
export function startCommand(): { env: Record<string, string>; args: string[] } {
  const script = (JSON.parse(readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  if (words.shift() !== 'node' || words.at(-1) !== 'server.mjs') throw new Error(`package.json's start script is not "node [flags] server.mjs": ${script}`);
  return { env, args: words };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * `nodeArgs`: flags for the server's node (the bench's --profile passes --cpu-prof).
 * The port is found free and then bound by another process, so something else can take it in
 * between: a server that exits with EADDRINUSE is started again on another port. Readiness is
 * read from this server's own output ("Ready in"), never from whoever answers on the port.
 */
export async function startApp(env: Record<string, string> = {}, nodeArgs: string[] = [], options: { cwd?: string; database?: 'migrated' | 'empty' } = {}): Promise<AppServer> {
  for (let attempt = 1; ; attempt += 1) {
    const started = await launch(await freePort(), env, nodeArgs, options.cwd ?? process.cwd(), options.database ?? 'migrated');
    if (started !== 'port_taken') return started;
    if (attempt === 5) throw new Error('Five ports in a row were taken before the studio could bind them.');
  }
}

async function launch(port: number, env: Record<string, string>, nodeArgs: string[], cwd: string, database: 'migrated' | 'empty'): Promise<AppServer | 'port_taken'> {
  // A folder of the server's own, unless the test gives one (env.DATA_DIR).
  const dataDir = newDataDir('studio-e2e-data-', env.DATA_DIR ? 'empty' : database);
  const url = `http://localhost:${port}`;
  let output = '';
  const start = startCommand();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...start.args], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      // A test deployment: the time scale and the dev sign-in are refused under NODE_ENV=production.
      NODE_ENV: 'test',
      ...start.env,
      DATA_DIR: dataDir,
      NEXTAUTH_URL: url,
      PORT: String(port),
      ...env,
    },
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const exited = exit.then(() => undefined);
  const listening = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready in')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
  let unwatch = () => {};
  const stop = async () => {
    unwatch();
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      // Wait for the server itself to exit (it closes its database cleanly), then take down
      // anything left in its group; a server that hangs on SIGTERM gets 5 s.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const startTimeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 120_000).unref());
  const first = await Promise.race([listening.then(() => 'listening' as const), exited.then(() => 'exited' as const), startTimeout]);
  if (first === 'exited') {
    rmSync(dataDir, { recursive: true, force: true });
    if (output.includes('EADDRINUSE')) return 'port_taken';
    throw new Error(`the studio exited early:\n${output}`);
  }
  if (first === 'timeout') {
    await stop();
    throw new Error(`The studio did not start within 120 s:\n${output}`);
  }
  // Listening: wait until it answers (the first request initialises the app).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the studio exited after listening:\n${output}`);
    try {
      const response = await fetch(`${url}/api/trpc/system.status`);
      if (response.ok) {
        const logs = () => output;
        unwatch = watchServer({ url, logs });
        return { url, port, pid: child.pid!, dataDir, logs, exit, stop };
      }
    } catch {
      /* not answering yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The studio did not answer within 60 s of listening:\n${output}`);
}
