/**
 * Cross-instance generation changes on a real PostgreSQL server: NOTIFY on change, one LISTEN
 * connection per instance re-emitting to local subscribers and caches. (PGlite is one process:
 * in-process only.) While the listener is down, the remote bus is unset, which also turns this
 * instance's read cache off (it could miss other instances' changes).
 */
import pg from 'pg';
import type { Db } from '~/server/db/client';
import { emitLocalBusMessage, setRemoteGenerationBus, type BusMessage } from './events';

const CHANNEL = 'studio_generation_updates';

const RECONNECT_MS = 5_000;

/**
 * Starts the bus and keeps it up: when the LISTEN connection drops, updates fall back to this
 * instance only (never silently lost here) until it has reconnected.
 */
export async function startPostgresBus(connectionString: string, db: Db): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reconnectLater = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      listen(connectionString, db, onLost)
        .then((client) => {
          current = client;
        })
        .catch((error: unknown) => {
          console.warn('[pg-bus] reconnect failed:', error instanceof Error ? error.message : error);
          reconnectLater();
        });
    }, RECONNECT_MS);
    timer.unref?.();
  };
  function onLost(): void {
    setRemoteGenerationBus(undefined);
    if (!stopped) console.warn('[pg-bus] listener lost; updates stay local until it reconnects');
    reconnectLater();
  }
  current = await listen(connectionString, db, onLost);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    setRemoteGenerationBus(undefined);
    await current?.end().catch(() => undefined);
  };
}

async function listen(connectionString: string, db: Db, onLost: () => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      return; // not ours
    }
    if (isBusMessage(parsed)) emitLocalBusMessage(parsed);
  });
  let lost = false;
  const lose = () => {
    if (lost) return;
    lost = true;
    onLost();
  };
  client.on('error', (error) => {
    console.error('[pg-bus] listener error:', error.message);
    lose();
  });
  client.on('end', lose);
  await client.query(`LISTEN ${CHANNEL}`);
  setRemoteGenerationBus(async (busMessage) => {
    await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(busMessage)})`;
  });
  return client;
}

/** A generation's update or change (it names the generation), or a balance change (it names the user). */
function isBusMessage(value: unknown): value is BusMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return message.kind === 'balance' ? typeof message.userId === 'string' : typeof message.generationId === 'string';
}
