/**
 * The query plans behind the data-scale figures: every read the bench measures and the engine's
 * round, run once through the studio's own code (the procedures by tRPC's public caller, the engine
 * by runEngineOnce) on a client that reports each statement, then each statement again under
 * EXPLAIN (ANALYZE, BUFFERS) with the same parameters. Writes run inside a transaction that is rolled
 * back, so the data stays as seeded.
 *
 * `npm run bench -- --rows=1000000 --only=plans` prints them for the large database.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '~/server/db/generated/client';
import type { Db } from '~/server/db/client';
import { runEngineOnce } from '~/server/services/generation/engine';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { SCALE_READS } from './reads';

type Statement = { sql: string; params: unknown[] };

/** A Prisma client that keeps every statement it sends. */
function recordingDb(connectionString: string): { db: Db; take: () => Statement[]; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString, max: 2 });
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), log: [{ emit: 'event', level: 'query' }] });
  let seen: Statement[] = [];
  client.$on('query', (event) => seen.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] }));
  return {
    db: client as unknown as Db,
    take: () => {
      const taken = seen;
      seen = [];
      return taken;
    },
    close: () => client.$disconnect(),
  };
}

async function explain(client: pg.Client, statement: Statement): Promise<string> {
  const writes = /^\s*(WITH[\s\S]*\b(UPDATE|INSERT|DELETE)\b|UPDATE|INSERT|DELETE)/i.test(statement.sql);
  if (writes) await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    if (writes) await client.query('ROLLBACK');
  }
}

const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** Plans of each read (by its name) and of the engine round's statements, as text for the report. */
export async function explainScaleReads(connectionString: string, userId: string, cursor: string): Promise<string> {
  const recording = recordingDb(connectionString);
  const explainer = new pg.Client({ connectionString });
  await explainer.connect();
  const out: string[] = [];
  try {
    const caller = createCaller(createInnerContext({ db: recording.db, user: { id: userId } }));
    for (const read of SCALE_READS) {
      if (!read.procedure) continue;
      const input = read.input({ cursor });
      // Twice: Prisma's first call of a shape may carry set-up statements of its own.
      await read.procedure(caller, input);
      recording.take();
      await read.procedure(caller, input);
      for (const statement of recording.take()) {
        out.push(`### ${read.name}\n\n\`\`\`sql\n${squeeze(statement.sql)}\n-- ${JSON.stringify(statement.params)}\n\`\`\`\n\n\`\`\`\n${await explain(explainer, statement)}\n\`\`\`\n`);
      }
    }
    recording.take();
    await runEngineOnce(recording.db);
    for (const statement of recording.take()) {
      out.push(`### engine round\n\n\`\`\`sql\n${squeeze(statement.sql)}\n-- ${JSON.stringify(statement.params)}\n\`\`\`\n\n\`\`\`\n${await explain(explainer, statement)}\n\`\`\`\n`);
    }
  } finally {
    await explainer.end();
    await recording.close();
  }
  return out.join('\n');
}
