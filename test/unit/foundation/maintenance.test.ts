import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { assertNotInMaintenance, getMaintenanceConfig } from '~/server/config/maintenance';
import { AppError } from '~/server/errors';

afterEach(() => {
  delete process.env.MAINTENANCE_ENABLED;
  resetEnvCache();
});

describe('maintenance switch', () => {
  it('is off by default with the spec constants', () => {
    resetEnvCache();
    expect(getMaintenanceConfig()).toEqual({
      enabled: false,
      message: 'System is under maintenance. Expected downtime: 6 hours. Please try again later.',
      estimatedMinutes: 360,
      blockedActions: ['generate', 'purchase', 'subscription'],
    });
    expect(() => assertNotInMaintenance('generate')).not.toThrow();
  });

  it('blocks generate, purchase and subscription when switched on by env', () => {
    process.env.MAINTENANCE_ENABLED = 'true';
    resetEnvCache();
    for (const action of ['generate', 'purchase', 'subscription'] as const) {
      try {
        assertNotInMaintenance(action);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('maintenance');
        expect((error as AppError).message).toBe('System is under maintenance. Expected downtime: 6 hours. Please try again later.');
      }
    }
  });
});
