import { getEnv } from '~/env';
import { getMaintenanceConfig } from '~/server/config/maintenance';
import { publicProcedure } from '~/server/trpc/procedures';

/** What the client needs to know about the deployment: maintenance, sign-in options, time scale. */
export const status = publicProcedure.query(() => {
  const env = getEnv();
  return {
    maintenance: getMaintenanceConfig(),
    devSignIn: env.devSignIn,
    googleSignIn: env.googleConfigured,
    timeScale: env.TIME_SCALE,
  };
});
