/**
 * What the client needs to know about the deployment: maintenance, sign-in options, which models
 * can run here (and whether the local engine stands in for a provider), time scale. Answered by
 * system.status, and handed by pages rendered per request to the browser with the page, so the
 * browser does not ask (server/pages/page-props.ts).
 */
import { getEnv } from '~/env';
import { getMaintenanceConfig, type MaintenanceConfig } from '~/server/config/maintenance';
import type { Db } from '~/server/db/client';
import { availability } from '~/server/services/generation/provider-registry';
import { currentMaintenance } from '~/server/services/maintenance';

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

/** `db` null: the database cannot be reached, and the environment's maintenance switch stands alone. */
export async function systemStatus(db: Db | null): Promise<SystemStatus> {
  const env = getEnv();
  const { unavailableModels, localEngineServes } = availability();
  return {
    maintenance: db ? await currentMaintenance(db) : getMaintenanceConfig(),
    devSignIn: env.devSignIn,
    googleSignIn: env.googleConfigured,
    localEngine: localEngineServes,
    localCheckout: env.checkout === 'local',
    unavailableModels,
    timeScale: env.TIME_SCALE,
  };
}
