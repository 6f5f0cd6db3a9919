/**
 * The maintenance switch (core-flow §4): a static config, off unless MAINTENANCE_ENABLED is set.
 * When on it blocks generate, purchase and subscription.
 */
import { getEnv } from '~/env';
import { AppError } from '~/server/errors';
import { MAINTENANCE_DEFAULT_MESSAGE } from './maintenance-text';

export type MaintenanceAction = 'generate' | 'purchase' | 'subscription';

export type MaintenanceConfig = {
  enabled: boolean;
  message: string;
  estimatedMinutes: number;
  blockedActions: MaintenanceAction[];
};

export const MAINTENANCE_ESTIMATED_MINUTES = 360;

export function getMaintenanceConfig(): MaintenanceConfig {
  const env = getEnv();
  return {
    enabled: env.maintenanceEnabled,
    message: env.MAINTENANCE_MESSAGE ?? MAINTENANCE_DEFAULT_MESSAGE,
    estimatedMinutes: MAINTENANCE_ESTIMATED_MINUTES,
    blockedActions: ['generate', 'purchase', 'subscription'],
  };
}

/** Server-side guard: procedures call it before doing a blocked action. */
export function assertNotInMaintenance(action: MaintenanceAction): void {
  const config = getMaintenanceConfig();
  if (config.enabled && config.blockedActions.includes(action)) {
    throw new AppError('maintenance', config.message);
  }
}
