/**
 * An export made ready as the server's loop makes it: each round claims a due export and runs it
 * (any instance may be the one: the studio's own background loop may take it first), until the
 * export reads ready.
 */
import { expect } from 'vitest';
import { pollUntil } from '@test/helpers/poll';
import type { Db } from '~/server/db/client';
import type { ExportView } from '~/server/services/privacy/data-export';
import { dataExportOf } from '~/server/services/privacy/data-export';
import { claimDueExport, runExport } from '~/server/services/privacy/export-runner';

export async function exportWhenReady(db: Db, userId: string, id: string, timeoutMs = 60_000): Promise<ExportView> {
  const round = async () => {
    const claim = await claimDueExport(db);
    if (claim) expect(await runExport(db, claim)).toBe(true);
    return dataExportOf(db, userId, id);
  };
  return pollUntil(round, (view) => view.status === 'ready' || view.status === 'failed', `export ${id} to be ready`, { timeoutMs });
}
