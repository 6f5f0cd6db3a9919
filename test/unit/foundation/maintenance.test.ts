import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { assertActionAllowed, getMaintenanceConfig } from '~/server/config/maintenance';
import { AppError } from '~/server/errors';

const SPEC_TEXT = 'System is under maintenance. Expected downtime: 6 hours. Please try again later.';

afterEach(() => {
  delete process.env.MAINTENANCE_ENABLED;
  delete process.env.MAINTENANCE_MESSAGE;
  resetEnvCache();
});

function refusal(run: () => void): { code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
}

describe('maintenance switch', () => {
  it('is off by default with the spec constants', () => {
    resetEnvCache();
    expect(getMaintenanceConfig()).toEqual({ enabled: false, message: SPEC_TEXT, estimatedMinutes: 360, blockedActions: ['generate', 'purchase', 'subscription'] });
    expect(refusal(() => assertActionAllowed(getMaintenanceConfig(), 'generate'))).toBeNull();
  });

  it('blocks generate, purchase and subscription when switched on by env', () => {
    process.env.MAINTENANCE_ENABLED = 'true';
    resetEnvCache();
    for (const action of ['generate', 'purchase', 'subscription'] as const) {
      expect(refusal(() => assertActionAllowed(getMaintenanceConfig(), action))).toEqual({ code: 'maintenance', message: SPEC_TEXT });
    }
  });

  it('is on when the console switched it on, with the console’s text, else the environment’s, else the spec’s', () => {
    resetEnvCache();
    expect(getMaintenanceConfig({ enabled: true, message: 'Back at noon.' })).toMatchObject({ enabled: true, message: 'Back at noon.' });
    expect(getMaintenanceConfig({ enabled: true, message: null })).toMatchObject({ enabled: true, message: SPEC_TEXT });
    process.env.MAINTENANCE_MESSAGE = 'Moving servers.';
    resetEnvCache();
    expect(getMaintenanceConfig({ enabled: true, message: null })).toMatchObject({ enabled: true, message: 'Moving servers.' });
    // Off in the console: its text is not shown to anyone.
    expect(getMaintenanceConfig({ enabled: false, message: 'Back at noon.' })).toMatchObject({ enabled: false, message: 'Moving servers.' });
  });

  it('MAINTENANCE_ENABLED=true forces it on whatever the console says', () => {
    process.env.MAINTENANCE_ENABLED = 'true';
    resetEnvCache();
    expect(getMaintenanceConfig({ enabled: false, message: null })).toMatchObject({ enabled: true, message: SPEC_TEXT });
  });
});
