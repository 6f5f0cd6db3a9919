/**
 * The submit's one statement (record.ts) finds a replayed idempotency key through the unique
 * ("userId", "idempotencyKey") index, also on a database that has never been analysed: a new
 * studio, and any table until autovacuum's first ANALYZE. Without statistics the planner costs
 * every index that starts with "userId" the same and keeps the newest; when that was the model
 * filter's index, every submit walked the user's whole history for its key and the submit
 * throughput halved (migration creations_model_index_model_first). Both plans the driver may use
 * are checked: the custom plans of a prepared statement's first runs and the generic one after.
 *
 * Once the table has statistics, a table of a page or two is rightly read whole, and a prepared
 * statement keeps that plan while the table grows: autovacuum therefore first visits "Generation"
 * after 10,000 changes (migration generation_first_statistics), and the table it then finds is
 * large enough for the index to win on statistics too.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asParameter } from '~/server/db/direct-query';
import { recordStatement, type NewGeneration, type PlanVariant } from '~/server/services/generation/record';
import { createTestDb, type TestDb } from '@test/helpers/database';

let test: TestDb;
let client: pg.Client;
let userId: string;

beforeAll(async () => {
  test = await createTestDb();
  userId = (await test.db.user.create({ data: { email: 'plan@example.test', credits: 100 } })).id;
  client = new pg.Client({ connectionString: test.database.connectionString });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await test?.stop();
});

function variant(isPublic: boolean): PlanVariant {
  const dispatchAt = new Date('2026-11-27T12:00:00.000Z');
  return { isPublic, input: { prompt: 'a lighthouse', is_public: isPublic }, waitSeconds: 0, dispatchAt, deadlineAt: new Date(dispatchAt.getTime() + 60_000) };
}

function keyedSubmit(): NewGeneration {
  return {
    userId,
    idempotencyKey: 'plan-test-key',
    modelId: 'flux-schnell',
    mode: null,
    appId: null,
    pageId: null,
    appType: 'text-to-image',
    outputType: 'image',
    cost: 1,
    outputNum: 1,
    platform: 'local',
    providerTarget: 'flux-schnell',
    estimatedSeconds: 5,
    note: 'FLUX Schnell',
    priceAccepted: true,
    apiKeyId: null,
    keyCapped: false,
    variants: { premium: variant(true), free: variant(true) },
  };
}

/** A value as a SQL literal of what the submit's door sends (direct-query.ts: dates as UTC timestamps). */
function literal(value: unknown): string {
  const sent = asParameter(value);
  if (sent === null || sent === undefined) return 'NULL';
  if (typeof sent === 'number' || typeof sent === 'boolean') return String(sent);
  return client.escapeLiteral(String(sent));
}

/** The plan of the submit's statement, prepared as the driver prepares it, under a plan cache mode. */
async function planOf(mode: 'force_custom_plan' | 'force_generic_plan'): Promise<string> {
  const statement = recordStatement(keyedSubmit());
  await client.query('DEALLOCATE ALL');
  await client.query(`PREPARE submit_statement AS ${statement.text}`);
  await client.query(`SET plan_cache_mode = ${mode}`);
  // EXPLAIN without ANALYZE: planned, never run, so nothing is written.
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE submit_statement(${statement.values.map(literal).join(', ')})`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The lines of the plan's "prior" CTE (the key's lookup), up to the next CTE. */
function priorLookup(plan: string): string {
  const lines = plan.split('\n');
  const start = lines.findIndex((line) => line.trim() === 'CTE prior');
  expect(start, plan).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, index) => index > start && /^\s*CTE /.test(line));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

describe("the submit's key lookup on a table with no statistics yet", () => {
  it('has none', async () => {
    const { rows } = await client.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'Generation'`);
    // -1: never vacuumed or analysed (PostgreSQL 14 and later, PGlite alike).
    expect(rows[0]?.reltuples).toBe(-1);
  });

  for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
    it(`reads the unique ("userId", "idempotencyKey") index with both columns (${mode})`, async () => {
      const lookup = priorLookup(await planOf(mode));
      expect(lookup).toMatch(/Index Scan using "Generation_userId_idempotencyKey_key" on "Generation"/);
      expect(lookup).toMatch(/Index Cond: \(\("userId" = .+\) AND \("idempotencyKey" = .+\)\)/);
      expect(lookup).not.toMatch(/Filter:/);
    });
  }
});

/** The most changes one generation makes in its life (its insert, claims, statuses, progress, checks). */
const MOST_CHANGES_PER_GENERATION = 50;

describe("the submit's key lookup once autovacuum has first visited the table", () => {
  it('waits for 10,000 changes to "Generation" before autovacuum first vacuums or analyses it', async () => {
    const { rows } = await client.query<{ reloptions: string[] | null }>(`SELECT reloptions FROM pg_class WHERE relname = 'Generation'`);
    expect([...(rows[0]?.reloptions ?? [])].sort()).toEqual([
      'autovacuum_analyze_threshold=10000',
      'autovacuum_vacuum_insert_threshold=10000',
      'autovacuum_vacuum_threshold=10000',
    ]);
  });

  for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
    it(`reads the unique index on statistics taken at the fewest rows 10,000 changes can leave (${mode})`, async () => {
      const fewest = 10_000 / MOST_CHANGES_PER_GENERATION;
      const existing = await test.db.generation.count();
      if (existing < fewest) {
        const input = { prompt: 'a lighthouse on a cliff at dusk, waves below, long exposure', is_public: true };
        await test.db.generation.createMany({
          data: Array.from({ length: fewest - existing }, () => ({
            userId,
            modelId: 'flux-schnell',
            appType: 'text-to-image',
            outputType: 'image',
            input,
            cost: 1,
            platform: 'local',
            providerTarget: 'flux-schnell',
            deadlineAt: new Date('2026-11-27T12:01:00.000Z'),
          })),
        });
      }
      await client.query('VACUUM ANALYZE "Generation"');
      expect((await client.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'Generation'`)).rows[0]?.reltuples).toBe(fewest);
      const lookup = priorLookup(await planOf(mode));
      expect(lookup).toMatch(/Index Scan using "Generation_userId_idempotencyKey_key" on "Generation"/);
      expect(lookup).not.toMatch(/Filter:/);
    });
  }
});
