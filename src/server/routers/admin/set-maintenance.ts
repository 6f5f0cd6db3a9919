import { setMaintenance as switchMaintenance } from '~/server/services/staff/maintenance-action';
import { adminProcedure } from '~/server/trpc/procedures';
import { setMaintenanceInput, setMaintenanceOutput } from './set-maintenance.schema';

/** Switches maintenance on or off for every instance (within seconds). */
export const setMaintenance = adminProcedure
  .input(setMaintenanceInput)
  .output(setMaintenanceOutput)
  .mutation(async ({ ctx, input }) => ({ repeated: (await switchMaintenance(ctx.db, ctx.staff.user, input)).repeated }));
