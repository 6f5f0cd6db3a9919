/**
 * The embedded database as a server leaves it after its first start (PGlite's cluster created, every
 * migration applied), made once for the tier by the global setup through the operator's own
 * `npm run db:migrate`, and copied into each test server's data folder. A server then opens an
 * existing database, as every start after a deploy's first does, instead of creating the cluster
 * and migrating it again (about 3 of a start's 8 s here). A file that tests the first start itself
 * asks for an empty folder (`newDataDir(prefix, 'empty')`, startApp's `database: 'empty'`). Without
 * a template (the bench, which measures first starts), every folder is empty.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What the global setup provides to the test workers. */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

/** PGlite's folder inside DATA_DIR (src/server/db/embedded.ts). */
const PGLITE_FOLDER = 'pglite';

let template: string | undefined;

/** Creates the template (the global setup); returns its data folder, which the caller removes at the end. */
export function makeDatabaseTemplate(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-template-'));
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/scripts/migrate.ts', 'deploy'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', DATA_DIR: dataDir },
    stdio: 'pipe',
  });
  return dataDir;
}

export function removeDatabaseTemplate(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/** The template new data folders copy (each test worker's setup sets the global setup's). */
export function useDatabaseTemplate(dataDir: string | undefined): void {
  template = dataDir;
}

/** A new data folder for one server: a copy of the migrated database, or empty. */
export function newDataDir(prefix = 'studio-e2e-data-', database: 'migrated' | 'empty' = 'migrated'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  if (database === 'migrated' && template) cpSync(path.join(template, PGLITE_FOLDER), path.join(dataDir, PGLITE_FOLDER), { recursive: true });
  return dataDir;
}
