/**
 * Cross-instance status updates on a real PostgreSQL server: NOTIFY on change, one LISTEN
 * connection per instance re-emitting to local subscribers. (PGlite is one process: in-process only.)
 */
import pg from 'pg';
import type { Db } from '~/server/db/client';
import { emitLocalGenerationUpdate, setRemoteGenerationBus, type GenerationUpdate } from './events';

const CHANNEL = 'studio_generation_updates';

export async function startPostgresBus(connectionString: string, db: Db): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      emitLocalGenerationUpdate(JSON.parse(message.payload) as GenerationUpdate);
    } catch {
      /* not ours */
    }
  });
  client.on('error', (error) => console.error('[pg-bus] listener error:', error.message));
  await client.query(`LISTEN ${CHANNEL}`);
  setRemoteGenerationBus(async (update) => {
    await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(update)})`;
  });
  return async () => {
    setRemoteGenerationBus(undefined);
    await client.end().catch(() => undefined);
  };
}
