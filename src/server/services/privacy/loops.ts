/**
 * The privacy work a server process does in the background, on every instance (each piece claims
 * its rows, so any instance may do it and none does it twice): exports to prepare, deletions whose
 * objects are not all removed yet, expired export zips, and uploads past UPLOAD_RETENTION_DAYS.
 */
import type { Db } from '~/server/db/client';
import { repeatRounds } from '~/server/services/rounds/repeat-rounds';
import { resumeDeletions } from './deletion-runner';
import { claimDueExport, expireExports, runExport } from './export-runner';
import { sweepExpiredUploads } from './upload-retention';

/** How often an idle instance looks for an export to prepare or a deletion to resume. */
const LOOK_EVERY_MS = 2_000;
/** How often expired exports and uploads are swept (an upload lives its days give or take this). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

function logged(what: string) {
  return (error: unknown) => console.warn(`[privacy] ${what} failed:`, error instanceof Error ? error.message : error);
}

async function exportsRound(db: Db): Promise<void> {
  for (let claim = await claimDueExport(db); claim; claim = await claimDueExport(db)) await runExport(db, claim);
}

async function sweepRound(db: Db): Promise<void> {
  await expireExports(db);
  await sweepExpiredUploads(db);
}

/** Starts the loops; the answer stops them and resolves once the work in flight has ended. */
export function startPrivacyLoops(db: Db): () => Promise<void> {
  let lastSweep = 0;
  return repeatRounds(
    'privacy',
    async () => {
      await exportsRound(db).catch(logged('preparing an export'));
      await resumeDeletions(db).catch(logged('resuming a deletion'));
      if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        await sweepRound(db).catch(logged('the retention sweep'));
      }
    },
    LOOK_EVERY_MS,
  );
}
