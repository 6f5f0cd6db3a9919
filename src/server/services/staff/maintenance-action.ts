/** Maintenance switched from the console: the one row, once per action, on the record. */
import type { Db } from '~/server/db/client';
import { MAINTENANCE_ROW_ID, forgetMaintenance } from '~/server/services/maintenance';
import { runStaffAction, type StaffActionOutcome, type StaffActor } from './actions';

export type MaintenanceSwitch = { actionId: string; enabled: boolean; message: string | null; reason: string };

export async function setMaintenance(db: Db, actor: StaffActor, input: MaintenanceSwitch): Promise<StaffActionOutcome<{ enabled: boolean }>> {
  const outcome = await runStaffAction(db, actor, { actionId: input.actionId, action: 'maintenance.set', targetType: 'maintenance', targetId: null }, async (tx) => {
    const before = await tx.maintenanceState.findUnique({ where: { id: MAINTENANCE_ROW_ID }, select: { enabled: true, message: true } });
    const after = { enabled: input.enabled, message: input.message };
    await tx.maintenanceState.upsert({ where: { id: MAINTENANCE_ROW_ID }, create: { id: MAINTENANCE_ROW_ID, ...after }, update: after });
    return { reason: input.reason, before: before ?? { enabled: false, message: null }, after, result: { enabled: input.enabled } };
  });
  forgetMaintenance(db);
  return outcome;
}
