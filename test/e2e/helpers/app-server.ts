/**
 * Starts the built studio (`next start`) in its own process group with the given environment and
 * a fresh data folder, and stops it by group (killing only the npx wrapper leaves next-server up).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type AppServer = { url: string; port: number; dataDir: string; logs: () => string; stop: () => Promise<void> };

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

/** `nodeArgs`: flags for the server's node (the bench's --profile passes --cpu-prof). */
export async function startApp(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-data-'));
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'node_modules/next/dist/bin/next', 'start', '-p', String(port)], {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      // A test deployment: the time scale and the dev sign-in are refused under NODE_ENV=production.
      NODE_ENV: 'test',
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: dataDir,
      NEXTAUTH_URL: url,
      PORT: String(port),
      ...env,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/trpc/system.status`);
      if (response.ok) return { url, port, dataDir, logs: () => output, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The studio did not start within 60 s:\n${output}`);
}
