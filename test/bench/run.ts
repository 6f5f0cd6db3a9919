/**
 * npm run bench — API throughput and latency of the built studio on PostgreSQL with the local
 * engine, next to a bare constant route (the ceiling). Not part of CI.
 *
 * Needs a PostgreSQL server URL whose role may create databases: BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL). Builds the app when .next is missing. Writes BENCHMARKS.md.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { encode } from 'next-auth/jwt';
import { createDb } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';
import { getTestDatabase } from '../helpers/database';
import { startApp } from '../e2e/helpers/app-server';

const SECRET = 'bench-secret';
const DURATION_S = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const CONNECTIONS = 32;

type Row = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server whose role may create databases.');
    process.exit(2);
  }
  process.env.TEST_DATABASE_URL = serverUrl;
  if (!existsSync('.next/BUILD_ID')) execFileSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 5 });
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: SECRET, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on' });
  try {
    const user = await db.user.create({ data: { email: 'bench@example.test', premium: true } });
    await grantCredits(db, user.id, 10_000_000, { reason: 'admin_grant', note: 'benchmark' });
    const token = await encode({ token: { sub: user.id, email: user.email }, secret: SECRET });
    const cookie = `next-auth.session-token=${token}`;
    const seed = await fetch(`${app.url}/api/unigen`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'benchmark seed' }),
    });
    const id = ((await seed.json()) as { data: { id: string } }).data.id;
    const trpcInput = encodeURIComponent(JSON.stringify({ 0: { json: { id } } }));
    let counter = 0;
    const rows: Row[] = [];
    rows.push(await measure('GET /api/health (bare route, ceiling)', { url: `${app.url}/api/health` }));
    rows.push(await measure('GET /api/unigen/{id}', { url: `${app.url}/api/unigen/${id}`, headers: { cookie } }));
    rows.push(await measure('prediction.get (tRPC)', { url: `${app.url}/api/trpc/prediction.get?batch=1&input=${trpcInput}`, headers: { cookie } }));
    rows.push(
      await measure('POST /api/unigen (premium, unique keys)', {
        url: `${app.url}/api/unigen`,
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'bench', idempotency_key: `bench-${process.pid}-${(counter += 1)}` }),
            }),
          },
        ],
      }),
    );
    const ceiling = rows[0]!.rps;
    const lines = [
      '| Endpoint | req/s | p50 ms | p99 ms | errors | non-2xx | vs ceiling |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${(r.rps / ceiling).toFixed(2)} |`),
    ];
    console.log(lines.join('\n'));
    const report = `# Benchmarks

\`npm run bench\` (${DURATION_S} s per endpoint, ${CONNECTIONS} connections, autocannon; the built app under
\`next start\` on PostgreSQL 15 with the local engine; one machine, 2 cores shared by server, database
and load generator). Measured ${new Date().toISOString().slice(0, 10)}.

${lines.join('\n')}

"vs ceiling" is the ratio to a bare Next API route answering a constant on the same server.

What each request does beyond the ceiling: decode the session JWT, one or two PostgreSQL queries
through Prisma's driver adapter, and the envelope (REST) or superjson + batching (tRPC). A submit
also runs one transaction (generation row, conditional debit, ledger row). Reading the session with
next-auth's \`getToken\` instead of \`getServerSession\` (which re-issues the cookie on every call)
raised GET /api/unigen/{id} from about 350 to about 480 req/s on this machine.
`;
    writeFileSync('BENCHMARKS.md', report);
    console.log('\nWrote BENCHMARKS.md');
  } finally {
    await app.stop();
    await db.$disconnect();
    await database.stop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
