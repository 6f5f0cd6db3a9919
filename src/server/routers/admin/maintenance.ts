import { maintenanceForConsole } from '~/server/services/maintenance';
import { supportProcedure } from '~/server/trpc/procedures';
import { maintenanceOutput } from './maintenance.schema';

/** Maintenance as it stands, for the console's switch. */
export const maintenance = supportProcedure.output(maintenanceOutput).query(({ ctx }) => maintenanceForConsole(ctx.db));
