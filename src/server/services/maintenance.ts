/**
 * Maintenance as every instance applies it: the environment's switch (config/maintenance.ts) and
 * the console's, read from the database at most MAINTENANCE_MAX_AGE_MS apart on each instance, so
 * a switch made on one instance reaches all of them within that time plus a read (the console
 * promises 5 s), and on the instance that made it at once. Procedures ask before a blocked action.
 * When the database cannot be read, the environment's switch stands alone (a page still renders).
 */
import { assertActionAllowed, getMaintenanceConfig, type MaintenanceAction, type MaintenanceConfig, type StoredMaintenance } from '~/server/config/maintenance';
import type { Db } from '~/server/db/client';

export const MAINTENANCE_MAX_AGE_MS = 2_000;

/** The row's one id: there is one switch. */
export const MAINTENANCE_ROW_ID = 1;

type Known = { stored: StoredMaintenance | null; readAt: number };

/** Per database client: each client stands for one instance (tests run two in one process). */
const known = new WeakMap<Db, Promise<Known>>();

export async function currentMaintenance(db: Db): Promise<MaintenanceConfig> {
  return getMaintenanceConfig((await storedMaintenance(db)).stored);
}

/** Throws the maintenance error when maintenance, as it stands now, blocks the action. */
export async function assertNotInMaintenance(db: Db, action: MaintenanceAction): Promise<void> {
  assertActionAllowed(await currentMaintenance(db), action);
}

/** Reads the switch again on this instance's next check (after the console changed it here). */
export function forgetMaintenance(db: Db): void {
  known.delete(db);
}

async function storedMaintenance(db: Db): Promise<Known> {
  const cached = known.get(db);
  if (cached) {
    const state = await cached;
    if (Date.now() - state.readAt < MAINTENANCE_MAX_AGE_MS) return state;
    if (known.get(db) !== cached) return storedMaintenance(db);
  }
  const reading = readStored(db);
  known.set(db, reading);
  return reading;
}

async function readStored(db: Db): Promise<Known> {
  const readAt = Date.now();
  try {
    const row = await db.maintenanceState.findUnique({ where: { id: MAINTENANCE_ROW_ID }, select: { enabled: true, message: true } });
    return { stored: row, readAt };
  } catch (error) {
    console.warn('[maintenance] the console switch could not be read:', error instanceof Error ? error.message : error);
    return { stored: null, readAt };
  }
}

/** The switch as the console shows it: what applies, whether the environment forces it, the console's own text. */
export async function maintenanceForConsole(db: Db): Promise<{ enabled: boolean; message: string; forcedByEnvironment: boolean; consoleMessage: string | null }> {
  forgetMaintenance(db);
  const [config, row] = await Promise.all([currentMaintenance(db), db.maintenanceState.findUnique({ where: { id: MAINTENANCE_ROW_ID }, select: { message: true } })]);
  return { enabled: config.enabled, message: config.message, forcedByEnvironment: getMaintenanceConfig().enabled, consoleMessage: row?.message ?? null };
}
