import { getEnv } from '~/env';
import { getMaintenanceConfig } from '~/server/config/maintenance';
import { availability } from '~/server/services/generation/provider-registry';
import { publicProcedure } from '~/server/trpc/procedures';
import { statusOutput } from './status.schema';

/**
 * What the client needs to know about the deployment: maintenance, sign-in options, which models
 * can run here (and whether the local engine stands in for a provider), time scale.
 */
export const status = publicProcedure.output(statusOutput).query(() => {
  const env = getEnv();
  const { unavailableModels, localEngineServes } = availability();
  return {
    maintenance: getMaintenanceConfig(),
    devSignIn: env.devSignIn,
    googleSignIn: env.googleConfigured,
    localEngine: localEngineServes,
    unavailableModels,
    timeScale: env.TIME_SCALE,
  };
});
