/**
 * Which requests the production server (server.mjs) answers before Next: the Stripe webhook's
 * path, with or without a query, and nothing else; and that the tests start it as `npm start` does.
 */
import { describe, expect, it } from 'vitest';
import { directRouteFor } from '~/server/http/direct-routes';
import { stripeWebhookRoute } from '~/server/http/stripe-webhook-route';
import { startCommand } from '../../e2e/helpers/app-server';

describe('directRouteFor', () => {
  it('answers the Stripe webhook itself, with or without a query string', () => {
    expect(directRouteFor('/api/webhooks/stripe')).toBe(stripeWebhookRoute);
    expect(directRouteFor('/api/webhooks/stripe?attempt=2')).toBe(stripeWebhookRoute);
  });

  it('leaves every other request to Next, near misses included', () => {
    for (const url of ['/', '/api/webhooks/replicate', '/api/webhooks/stripe/', '/api/webhooks/stripes', '/fr/api/webhooks/stripe', '/api/unigen', undefined]) {
      expect(directRouteFor(url)).toBeUndefined();
    }
  });
});

describe('startCommand (how the tests and the bench start the studio)', () => {
  it('is what `npm start` runs: its variables, and node with its flags on server.mjs', () => {
    expect(startCommand()).toEqual({ env: { NEXT_TELEMETRY_DISABLED: '1' }, args: ['--v8-pool-size=1', 'server.mjs'] });
  });
});
