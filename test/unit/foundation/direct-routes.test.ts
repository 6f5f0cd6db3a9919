/**
 * Which requests the production server (server.mjs) answers before Next: the Stripe webhook's
 * path, with or without a query, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { directRouteFor } from '~/server/http/direct-routes';
import { stripeWebhookRoute } from '~/server/http/stripe-webhook-route';

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
