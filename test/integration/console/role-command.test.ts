/**
 * `npm run user -- --email a@b.c --role admin`: the only way to make the first admin. A role that
 * does not exist is refused with the usage and nothing is changed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '~/server/db/client';
import { getTestDatabase, type TestDatabase } from '@test/helpers/database';

const run = promisify(execFile);

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await getTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 1 });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.stop();
});

/** The command as an operator runs it (its exit code and what it printed). */
async function userCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // PGlite serves one session: this test's client lets go of it while the command runs.
  await db.$disconnect();
  try {
    const { stdout, stderr } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/scripts/user.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', DATABASE_URL: database.connectionString, STARTING_CREDITS: '0' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run user -- --role', () => {
  it('makes the first admin, and sets any role after', async () => {
    expect(await userCommand('--email', 'Owner@Example.test', '--role', 'admin')).toMatchObject({ code: 0, stdout: 'owner@example.test: 0 credits, free, role admin\n' });
    expect(await db.user.findUniqueOrThrow({ where: { email: 'owner@example.test' }, select: { role: true } })).toEqual({ role: 'admin' });
    expect(await userCommand('--email', 'owner@example.test', '--role', 'support')).toMatchObject({ code: 0, stdout: 'owner@example.test: 0 credits, free, role support\n' });
  });

  it('refuses a role that does not exist, with the usage, and changes nothing', async () => {
    const answer = await userCommand('--email', 'owner@example.test', '--role', 'root');
    expect(answer.code).toBe(2);
    expect(answer.stderr).toBe('Usage: npm run user -- --email <email> [--grant <credits>] [--premium true|false] [--role user|support|admin]\n--role must be one of user, support, admin\n');
    expect(await db.user.findUniqueOrThrow({ where: { email: 'owner@example.test' }, select: { role: true } })).toEqual({ role: 'support' });
  });
});
