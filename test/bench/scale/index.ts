/**
 * `npm run bench -- --rows=1000000`: the data-scale part of the bench (issue 20 items 7 and 8).
 * Two databases (seed.ts), the engine's round timed on both, two studios started side by side, and
 * every read measured on both (reads.ts). `--only=plans` prints the query plans instead (plans.ts).
 */
import { encode } from 'next-auth/jwt';
import { createDb, type Db } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';
import { getTestDatabase, type TestDatabase } from '../../helpers/database';
import { startApp, type AppServer } from '../../e2e/helpers/app-server';
import { measureEngineRound, type EngineRoundRow } from './engine-round';
import { explainScaleReads } from './plans';
import { measureScaleReads, type ScaleReadRow, type ScaleSide } from './reads';
import { measureSearchLatency, type SearchLatencyRow } from './search-latency';
import { countRows, OWN_ROWS, seedLarge, seedSmall } from './seed';

export type ScaleRow = {
  /** Generations of other users on the large database (the --rows asked for). */
  otherRows: number;
  ownRows: number;
  seedSeconds: number;
  large: { generations: number; ledger: number; users: number };
  small: { generations: number; ledger: number; users: number };
  rounds: number;
  secondsPerRead: number;
  reads: ScaleReadRow[];
  /** A person's search on the large database, one request at a time; absent from runs that did not measure it. */
  search?: SearchLatencyRow[];
  engine: EngineRoundRow;
};

export const SCALE_ROUNDS = 3;

export type Prepared = { database: TestDatabase; db: Db; userId: string };

export async function prepare(seed: (connectionString: string, userId: string) => Promise<unknown>): Promise<Prepared> {
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 3 });
  const user = await db.user.create({ data: { email: 'bench@example.test', premium: true } });
  await seed(database.connectionString, user.id);
  // The grant is the newest ledger row, so the balance agrees with the ledger.
  await grantCredits(db, user.id, 10_000_000, { reason: 'admin_grant', note: 'benchmark' });
  return { database, db, userId: user.id };
}

/** The benchmark user's studio: signed in, one finished generation of theirs, page 1's cursor. */
export async function side(app: AppServer, userId: string, secret: string): Promise<ScaleSide> {
  const token = await encode({ token: { sub: userId, email: 'bench@example.test' }, secret });
  const cookie = `next-auth.session-token=${token}`;
  const submitted = await fetch(`${app.url}/api/unigen`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: app.url },
    body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'benchmark seed' }),
  });
  const finishedId = ((await submitted.json()) as { data: { id: string } }).data.id;
  for (const until = Date.now() + 120_000; ; ) {
    const { data } = (await (await fetch(`${app.url}/api/unigen/${finishedId}`, { headers: { cookie } })).json()) as { data: { status: string } };
    if (data.status === 'succeeded' || data.status === 'failed') break;
    if (Date.now() > until) throw new Error('the finished-poll generation did not finish');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { limit: 24 } } }));
  const page = (await (await fetch(`${app.url}/api/trpc/prediction.list?batch=1&input=${input}`, { headers: { cookie } })).json()) as [{ result: { data: { json: { nextCursor: string | null } } } }];
  const cursor = page[0].result.data.json.nextCursor;
  if (!cursor) throw new Error('the first page of creations has no next page');
  return { url: app.url, cookie, cursor, finishedId };
}

export type ScaleOptions = { otherRows: number; secondsPerRead: number; secret: string; appEnv: Record<string, string>; only?: 'plans' };

export async function measureScale(options: ScaleOptions): Promise<ScaleRow | string> {
  let seedSeconds = 0;
  const large = await prepare(async (url, userId) => (seedSeconds = await seedLarge(url, userId, options.otherRows)));
  const small = await prepare((url, userId) => seedSmall(url, userId));
  const apps: AppServer[] = [];
  try {
    if (options.only === 'plans') {
      const cursor = (await large.db.generation.findMany({ where: { userId: large.userId, deletedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 24 })).at(-1)!.id;
      return await explainScaleReads(large.database.connectionString, large.userId, cursor);
    }
    const engine = await measureEngineRound(small.db, large.db);
    const env = (database: TestDatabase) => ({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: options.secret, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on', ...options.appEnv });
    apps.push(await startApp(env(small.database)), await startApp(env(large.database)));
    const smallSide = await side(apps[0]!, small.userId, options.secret);
    const largeSide = await side(apps[1]!, large.userId, options.secret);
    const reads = await measureScaleReads(smallSide, largeSide, options.secondsPerRead, SCALE_ROUNDS);
    const search = await measureSearchLatency(largeSide);
    return {
      otherRows: options.otherRows,
      ownRows: OWN_ROWS,
      seedSeconds: Math.round(seedSeconds),
      large: await countRows(large.database.connectionString),
      small: await countRows(small.database.connectionString),
      rounds: SCALE_ROUNDS,
      secondsPerRead: options.secondsPerRead,
      reads,
      search,
      engine,
    };
  } finally {
    for (const app of apps) await app.stop();
    for (const { db, database } of [large, small]) {
      await db.$disconnect();
      await database.stop();
    }
  }
}
