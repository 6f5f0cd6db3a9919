import { z } from 'zod';

/** The switch as every instance applies it, and whether MAINTENANCE_ENABLED forces it on. */
export const maintenanceOutput = z.object({ enabled: z.boolean(), message: z.string(), forcedByEnvironment: z.boolean(), consoleMessage: z.string().nullable() });
