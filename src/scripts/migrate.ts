/**
 * Offline migrations (Prisma's schema engine as WebAssembly; no Rust binary needed).
 *
 *   npm run db:migrate                      apply pending migrations to DATABASE_URL, or, without it,
 *                                           to the embedded PGlite database in DATA_DIR (default ./data)
 *   npm run db:migration:new -- <name>      write prisma/migrations/<timestamp>_<name>/migration.sql
 *                                           from the difference between the migrations and schema.prisma
 *   tsx src/scripts/migrate.ts status       pending / failed / edited migrations of DATABASE_URL
 *   tsx src/scripts/migrate.ts resolve --rolled-back|--applied <name>
 *                                           after fixing a failed migration by hand (prisma migrate resolve)
 *
 * Exits explicitly: pg pools and PGlite keep Node alive otherwise.
 */
import path from 'node:path';
import {
  applyMigrations,
  createMigration,
  diagnoseMigrations,
  MigrationError,
  resolveMigration,
} from '~/server/db/migrations';
import { startEmbeddedDatabase } from '~/server/db/embedded';
import { getDatabaseEnv } from '~/env';
import { redactDatabaseUrl } from '~/server/db/redact';

const USAGE =
  'Usage: migrate.ts deploy | new <name> | status | resolve --rolled-back <name> | resolve --applied <name>';

let target = 'the database';

async function deploy(): Promise<number> {
  const url = getDatabaseEnv().DATABASE_URL;
  const started = Date.now();
  let applied: string[];
  if (url) {
    target = redactDatabaseUrl(url);
    ({ applied } = await applyMigrations(url));
  } else {
    const dataDir = getDatabaseEnv().DATA_DIR;
    target = `the embedded database in ${dataDir}`;
    // Starting the embedded database applies the pending migrations.
    const embedded = await startEmbeddedDatabase(dataDir);
    applied = embedded.applied;
    await embedded.stop();
  }
  for (const name of applied) console.log(`Applied migration ${name}`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    applied.length === 0
      ? `No pending migrations: ${target} is up to date.`
      : `${applied.length} migration(s) applied to ${target} in ${seconds}s.`,
  );
  return 0;
}

async function create(name: string | undefined): Promise<number> {
  if (!name) {
    console.error(USAGE);
    return 2;
  }
  target = 'the migrations folder';
  const folder = await createMigration(name);
  console.log(
    folder
      ? `Created ${path.relative(process.cwd(), folder)}/migration.sql`
      : 'No changes: the migrations already match prisma/schema.prisma.',
  );
  return 0;
}

/** status and resolve work on a server (DATABASE_URL) or, without it, on the embedded database. */
async function withDatabase(run: (url: string) => Promise<void>): Promise<void> {
  const url = getDatabaseEnv().DATABASE_URL;
  if (url) {
    target = redactDatabaseUrl(url);
    return run(url);
  }
  const dataDir = getDatabaseEnv().DATA_DIR;
  target = `the embedded database in ${dataDir}`;
  // Without applying the migrations first (that would stop at a failed one).
  const embedded = await startEmbeddedDatabase(dataDir, { migrate: false });
  try {
    await run(embedded.connectionString);
  } finally {
    await embedded.stop();
  }
}

async function status(): Promise<number> {
  let code = 0;
  await withDatabase(async (url) => {
    const d = await diagnoseMigrations(url);
    const pending = d.history?.diagnostic === 'databaseIsBehind' ? d.history.unappliedMigrationNames : [];
    for (const name of pending) console.log(`Pending migration ${name}`);
    for (const name of d.failedMigrationNames) console.log(`Failed migration ${name}`);
    for (const name of d.editedMigrationNames) console.log(`Edited after being applied: ${name}`);
    if (d.history && d.history.diagnostic !== 'databaseIsBehind') {
      console.log(`History differs from prisma/migrations: ${JSON.stringify(d.history)}`);
    }
    const clean = !d.history && d.failedMigrationNames.length === 0 && d.editedMigrationNames.length === 0;
    console.log(clean ? `Up to date: ${target}.` : `Needs attention: ${target}.`);
    code = clean ? 0 : 1;
  });
  return code;
}

async function resolve(flag: string | undefined, name: string | undefined): Promise<number> {
  if (!name || (flag !== '--rolled-back' && flag !== '--applied')) {
    console.error(USAGE);
    return 2;
  }
  const as = flag === '--applied' ? 'applied' : 'rolled-back';
  await withDatabase((url) => resolveMigration(url, name, as));
  console.log(`Marked ${name} as ${as} in ${target}.`);
  return 0;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'deploy') return deploy();
  if (command === 'new') return create(rest[0]);
  if (command === 'status') return status();
  if (command === 'resolve') return resolve(rest[0], rest[1]);
  console.error(USAGE);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof MigrationError && error.unreachable) {
      console.error(error.message.split('\n')[0]);
    } else if (error instanceof Error) {
      console.error(`Migration failed on ${target}: ${error.message.trim()}`);
      if (getDatabaseEnv().DEBUG_MIGRATIONS) console.error(error);
    } else {
      console.error(`Migration failed on ${target}: ${String(error)}`);
    }
    process.exit(1);
  },
);
