import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/env';

const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const production = { NODE_ENV: 'production', NEXTAUTH_SECRET: 's' };

describe('how people pay (env.checkout)', () => {
  it('is the local checkout in development without keys, Stripe with them, off in production without them', () => {
    expect(parseEnv({}).checkout).toBe('local');
    expect(parseEnv({ ...keys }).checkout).toBe('stripe');
    expect(parseEnv({ ...production }).checkout).toBe('off');
    expect(parseEnv({ ...production, ...keys }).checkout).toBe('stripe');
  });

  it('follows LOCAL_CHECKOUT: on forces it (production too), off never', () => {
    expect(parseEnv({ ...production, LOCAL_CHECKOUT: 'on' }).checkout).toBe('local');
    expect(parseEnv({ ...keys, LOCAL_CHECKOUT: 'on' }).checkout).toBe('local');
    expect(parseEnv({ LOCAL_CHECKOUT: 'off' }).checkout).toBe('off');
    expect(parseEnv({ ...keys, LOCAL_CHECKOUT: 'off' }).checkout).toBe('stripe');
  });

  it('refuses one Stripe variable without the other', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all.');
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all.');
  });
});
