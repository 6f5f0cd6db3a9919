/**
 * What the client needs to know about the deployment: maintenance, sign-in options, which models
 * can run here (and whether the local engine stands in for a provider), time scale. Answered by
 * system.status, and handed by pages rendered per request to the browser with the page, so the
 * browser does not ask (server/pages/page-props.ts).
 */
import { getEnv } from '~/env';
import { getMaintenanceConfig, type MaintenanceConfig } from '~/server/config/maintenance';
import { availability } from '~/server/services/generation/provider-registry';

export type SystemStatus = {
  maintenance: MaintenanceConfig;
  devSignIn: boolean;
  googleSignIn: boolean;
  localEngine: boolean;
  /** The local checkout stands in for payments (no money moves; the UI says so). */
  localCheckout: boolean;
  unavailableModels: string[];
  timeScale: number;
};

export function systemStatus(): SystemStatus {
  const env = getEnv();
  const { unavailableModels, localEngineServes } = availability();
  return {
    maintenance: getMaintenanceConfig(),
    devSignIn: env.devSignIn,
    googleSignIn: env.googleConfigured,
    localEngine: localEngineServes,
    localCheckout: env.checkout === 'local',
    unavailableModels,
    timeScale: env.TIME_SCALE,
  };
}
