/**
 * Ports for what cannot listen on port 0 and tell us its port. A port found free by a bind(0) probe
 * and then closed is no one's: the next bind(0) anywhere on the machine (another test file's fake,
 * running at the same time) may be handed it. The kernel hands out ports for bind(0) and for
 * outgoing connections only from its ephemeral range, and every server of this suite listens on
 * port 0: a port below that range is taken only by a process that names it.
 */
import { readFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';

/**
 * A loopback port nothing listens on (a database or provider that is not there): 2, privileged and
 * below any ephemeral range, so nothing of this suite can be listening there. (Not 1 or 9: fetch
 * refuses those "bad ports" itself, without connecting.)
 */
export const CLOSED_PORT = 2;

/**
 * A loopback port free now for a server that needs a port number before it starts (nginx): below
 * the ephemeral range, so that no other server of this suite can take it before that one binds it.
 */
export async function portBelowEphemeralRange(): Promise<number> {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '32768 60999');
  const first = Number(range.trim().split(/\s+/)[0]);
  for (let port = 20_000; port < first; port += 1) if (await canListen(port)) return port;
  throw new Error(`No free loopback port between 20000 and the ephemeral range (from ${first}).`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createNetServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
