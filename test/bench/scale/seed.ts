/**
 * The data-scale bench's two databases, seeded by SQL (generate_series: a million rows in seconds,
 * not the minutes a million inserts through the app would take):
 *
 * - large: `rows` generations of 1,000 other users and 50,000 of the benchmark user, spread over two
 *   years (others) and one (the benchmark user), a few models (one of them rare: one row in a
 *   thousand), every status (the few running ones are the newest), about 1 % deleted, and the
 *   ledger rows those generations made (a debit each, a refund for each failed or canceled one);
 * - small: 60 generations of the benchmark user only, laid out so that every page the bench reads
 *   is as full as on the large one (each filter matches at least a page and a row more).
 *
 * Running rows are held by a claim far in the future, as if another instance were working on them:
 * the studio's engine leaves them alone, so the data does not change under the measure.
 */
import pg from 'pg';

export const OTHER_USERS = 1_000;
export const OWN_ROWS = 50_000;
export const SMALL_ROWS = 60;

/** Models of the seed: the common ones, and the rare one (one row in a thousand on the large database). */
export const COMMON_MODEL = 'flux-schnell';
export const RARE_MODEL = 'kling-1.6-multi';
/**
 * A word only the rare model's prompts hold (50 rows of the benchmark user's 50,000; 30 of the small
 * database's 60), so a search read (issue 21) finds a full page on both databases.
 */
export const SEARCH_WORD = 'lighthouse';

/** Running rows of the benchmark user (the newest): a full page for the "running" filter. */
const OWN_RUNNING = 30;
/** Running rows among the other users' generations (the newest). */
const OTHERS_RUNNING = 100;

type RowsSql = {
  /** The owner of row i (1-based). */
  owner: string;
  /** Seconds before now of row i. */
  age: string;
  model: string;
  status: string;
  deleted: string;
};

/** Each model's output type and cost, as the catalogue has them. */
const MODEL_FACTS = `
  CASE m WHEN 'kling-v2.1-standard' THEN 'video' WHEN '${RARE_MODEL}' THEN 'video' WHEN 'image-caption' THEN 'text' ELSE 'image' END AS output_type,
  CASE m WHEN 'kling-v2.1-standard' THEN 50 WHEN '${RARE_MODEL}' THEN 80 WHEN 'image-caption' THEN 1 WHEN 'flux-dev' THEN 8 ELSE 4 END AS cost`;

function insertGenerations(count: number, tag: string, sql: RowsSql): string {
  return `
    INSERT INTO "Generation" (
      "id", "userId", "modelId", "appId", "appType", "outputType", "status", "input", "cost", "outputNum", "isPublic",
      "platform", "providerTarget", "providerJobId", "attempts", "estimatedSeconds", "waitSeconds", "error", "outputText",
      "outputs", "dispatchAt", "dispatchedAt", "deadlineAt", "lastCheckedAt", "claimedUntil", "createdAt", "updatedAt",
      "completedAt", "deletedAt")
    SELECT id, owner, m, m, output_type, output_type, st,
      jsonb_build_object('prompt', CASE WHEN m = '${RARE_MODEL}' THEN 'a ${SEARCH_WORD} on a cliff at dusk, waves below' ELSE 'a portrait of a red fox in the snow, soft light, ' || i END),
      cost, 1, i % 5 <> 0, 'local', m, CASE WHEN st = 'queued' THEN NULL ELSE id END, 1, 60, 10,
      CASE st WHEN 'failed' THEN 'The model could not finish this job. Your credits have been refunded.' WHEN 'canceled' THEN 'Generation canceled.' END,
      CASE WHEN st = 'succeeded' AND output_type = 'text' THEN 'A red fox sitting in fresh snow, looking at the camera.' END,
      CASE WHEN st = 'succeeded' AND output_type <> 'text' THEN jsonb_build_array(jsonb_build_object(
        'key', 'generations/' || id || '/0.' || ext, 'url', '/api/storage/generations/' || id || '/0.' || ext,
        'contentType', CASE output_type WHEN 'video' THEN 'video/mp4' ELSE 'image/png' END,
        'thumbnailUrl', '/api/storage/generations/' || id || '/0.thumb.webp')) END,
      created + interval '10 seconds', CASE WHEN st = 'queued' THEN NULL ELSE created + interval '10 seconds' END,
      CASE WHEN running THEN now() + interval '10 years' ELSE created + interval '10 minutes' END,
      CASE WHEN st = 'queued' THEN NULL ELSE created + interval '40 seconds' END,
      CASE WHEN running THEN now() + interval '10 years' END,
      created, created + interval '1 minute',
      CASE WHEN running THEN NULL ELSE created + interval '1 minute' END,
      CASE WHEN deleted THEN created + interval '1 day' END
    FROM (
      SELECT i, id, owner, m, st, st IN ('queued', 'starting', 'processing') AS running, deleted, created,
        CASE WHEN m IN ('kling-v2.1-standard', '${RARE_MODEL}') THEN 'mp4' ELSE 'png' END AS ext, ${MODEL_FACTS}
      FROM (
        SELECT i, 'c' || substr(md5('${tag}' || i), 1, 24) AS id, ${sql.owner} AS owner, ${sql.model} AS m, ${sql.status} AS st,
          ${sql.deleted} AS deleted, now() - make_interval(secs => ${sql.age}) AS created
        FROM generate_series(1::bigint, ${count}::bigint) AS i
      ) AS base
    ) AS row`;
}

/** Model of row i on the large database: 40 % schnell, 25 % dev, 15 % Kontext, 12 % video, 7.9 % text, 0.1 % the rare one. */
const MIXED_MODEL = `CASE
  WHEN (i * 7919) % 1000 < 400 THEN '${COMMON_MODEL}'
  WHEN (i * 7919) % 1000 < 650 THEN 'flux-dev'
  WHEN (i * 7919) % 1000 < 800 THEN 'flux-kontext'
  WHEN (i * 7919) % 1000 < 920 THEN 'kling-v2.1-standard'
  WHEN (i * 7919) % 1000 < 999 THEN 'image-caption'
  ELSE '${RARE_MODEL}' END`;

/** Status of row i on the large database: the newest `running` rows run; then 92 % succeeded, 5 % failed, 3 % canceled. */
function mixedStatus(running: number): string {
  return `CASE
    WHEN i <= ${running} THEN (ARRAY['queued', 'starting', 'processing'])[1 + (i % 3)::int]
    WHEN (i * 104729 + 17) % 1000 < 920 THEN 'succeeded'
    WHEN (i * 104729 + 17) % 1000 < 970 THEN 'failed'
    ELSE 'canceled' END`;
}

/** A debit for every generation of these owners, and a refund for every failed or canceled one. */
const INSERT_LEDGER = `
  INSERT INTO "CreditLedgerEntry" ("id", "userId", "amount", "balanceAfter", "reason", "generationId", "createdAt")
  SELECT 'c' || substr(md5('debit' || g."id"), 1, 24), g."userId", -g."cost", 0, 'generation_debit', g."id", g."createdAt"
  FROM "Generation" g
  UNION ALL
  SELECT 'c' || substr(md5('refund' || g."id"), 1, 24), g."userId", g."cost", 0, 'generation_refund', g."id", g."completedAt"
  FROM "Generation" g WHERE g."status" IN ('failed', 'canceled')`;

async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs a bulk load with the tables' secondary indexes (those no constraint needs) dropped and built
 * again afterwards, as one builds them once over a million rows faster than it updates them a
 * million times (the search's GIN index most of all). The indexes come back exactly as they were defined.
 * Needs a superuser role (session_replication_role), as the bench's TEST_DATABASE_URL has.
 */
async function withoutSecondaryIndexes(client: pg.Client, tables: string[], load: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.relname = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
    [tables],
  );
  for (const { name } of rows) await client.query(`DROP INDEX "${name}"`);
  // Foreign keys are not checked row by row (the seed's rows point at rows it wrote itself), but
  // the tables' own triggers still fire (searchText is the database's own, issue 21): in the
  // "replica" role only triggers marked ALWAYS run, so those are marked for the load.
  const { rows: triggers } = await client.query<{ table: string; name: string }>(
    `SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relname = ANY($1) AND NOT t.tgisinternal AND t.tgenabled = 'O'`,
    [tables],
  );
  for (const { table, name } of triggers) await client.query(`ALTER TABLE "${table}" ENABLE ALWAYS TRIGGER "${name}"`);
  await client.query('SET session_replication_role = replica');
  await load();
  await client.query('SET session_replication_role = DEFAULT');
  for (const { table, name } of triggers) await client.query(`ALTER TABLE "${table}" ENABLE TRIGGER "${name}"`);
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const { definition } of rows) await client.query(definition);
}

/** Seeds the large database around the benchmark user (already created); answers the seconds it took. */
export async function seedLarge(connectionString: string, ownerId: string, otherRows: number): Promise<number> {
  const started = performance.now();
  await withClient(connectionString, (client) => withoutSecondaryIndexes(client, ['Generation', 'CreditLedgerEntry'], async () => {
    await client.query(`
      INSERT INTO "User" ("id", "email", "credits", "premium", "createdAt", "updatedAt")
      SELECT 'c' || substr(md5('user' || i), 1, 24), 'user' || i || '@example.test', 1000, i % 10 = 0, now() - interval '2 years', now()
      FROM generate_series(1, ${OTHER_USERS}) AS i`);
    const span = (days: number, rows: number) => `(i * ${(days * 86_400) / rows}::float8 + 60)`;
    await client.query(
      insertGenerations(otherRows, 'other', {
        owner: `'c' || substr(md5('user' || (1 + i % ${OTHER_USERS})), 1, 24)`,
        age: span(730, otherRows),
        model: MIXED_MODEL,
        status: mixedStatus(OTHERS_RUNNING),
        deleted: `(i > ${OTHERS_RUNNING} AND i % 97 = 0)`,
      }),
    );
    await client.query(
      insertGenerations(OWN_ROWS, 'own', {
        owner: `'${ownerId}'`,
        age: span(365, OWN_ROWS),
        model: MIXED_MODEL,
        status: mixedStatus(OWN_RUNNING),
        deleted: `(i > ${OWN_RUNNING} AND i % 97 = 0)`,
      }),
    );
    await client.query(INSERT_LEDGER);
  }));
  await withClient(connectionString, (client) => client.query('VACUUM ANALYZE'));
  return (performance.now() - started) / 1000;
}

/**
 * The small database: the benchmark user's 60 generations, newest first: 30 of the rare video
 * model, running (the type, status, rare-model and search filters each fill a page), then 30 of the
 * common image model, failed (the model and the "failed" filters fill a page).
 */
export async function seedSmall(connectionString: string, ownerId: string): Promise<void> {
  await withClient(connectionString, async (client) => {
    await client.query(
      insertGenerations(SMALL_ROWS, 'small', {
        owner: `'${ownerId}'`,
        age: '(i * 3600 + 60)',
        model: `CASE WHEN i <= ${SMALL_ROWS / 2} THEN '${RARE_MODEL}' ELSE '${COMMON_MODEL}' END`,
        status: `CASE WHEN i <= ${SMALL_ROWS / 2} THEN (ARRAY['queued', 'starting', 'processing'])[1 + (i % 3)::int] ELSE 'failed' END`,
        deleted: 'false',
      }),
    );
    await client.query(INSERT_LEDGER);
    await client.query('VACUUM ANALYZE');
  });
}

/** Row counts, for the report (so a reader sees what was measured). */
export async function countRows(connectionString: string): Promise<{ generations: number; ledger: number; users: number }> {
  return withClient(connectionString, async (client) => {
    const { rows } = await client.query<{ generations: string; ledger: string; users: string }>(
      'SELECT (SELECT count(*) FROM "Generation") AS generations, (SELECT count(*) FROM "CreditLedgerEntry") AS ledger, (SELECT count(*) FROM "User") AS users',
    );
    const row = rows[0]!;
    return { generations: Number(row.generations), ledger: Number(row.ledger), users: Number(row.users) };
  });
}
