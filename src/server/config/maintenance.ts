/**
 * The maintenance switch (core-flow §4): on when the console switched it on (stored in the
 * database: services/maintenance.ts) or when MAINTENANCE_ENABLED=true forces it, whatever the
 * console says. When on it blocks generate, purchase and subscription with the spec's texts.
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

/** What the console stored: its switch and its message (null: not its own). */
export type StoredMaintenance = { enabled: boolean; message: string | null };

export const MAINTENANCE_ESTIMATED_MINUTES = 360;

/**
 * The switch as it stands: the environment's, and the console's when given. The message is the
 * console's when it switched maintenance on with one, else MAINTENANCE_MESSAGE, else the spec's.
 */
export function getMaintenanceConfig(stored: StoredMaintenance | null = null): MaintenanceConfig {
  const env = getEnv();
  const byConsole = stored?.enabled === true;
  return {
    enabled: env.maintenanceEnabled || byConsole,
    message: (byConsole ? stored.message : null) ?? env.MAINTENANCE_MESSAGE ?? MAINTENANCE_DEFAULT_MESSAGE,
    estimatedMinutes: MAINTENANCE_ESTIMATED_MINUTES,
    blockedActions: ['generate', 'purchase', 'subscription'],
  };
}

/** Throws the maintenance error when the switch blocks the action. */
export function assertActionAllowed(config: MaintenanceConfig, action: MaintenanceAction): void {
  if (config.enabled && config.blockedActions.includes(action)) throw new AppError('maintenance', config.message);
}
