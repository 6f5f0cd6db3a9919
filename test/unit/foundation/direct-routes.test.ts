/**
 * Which requests the production server (server.mjs) answers before Next: the Stripe webhook's and
 * the submit's paths, with or without a query, each with the very handler its pages/api file
 * exports (so `next dev` answers alike), the live update stream's (which hands to Next what it does
 * not open), and nothing else; and that the tests start it as `npm start` does.
 */
import { describe, expect, it } from 'vitest';
import { directRouteFor } from '~/server/http/direct-routes';
import { stripeWebhookRoute } from '~/server/http/stripe-webhook-route';
import { submitRoute } from '~/server/http/submit-route';
import stripeWebhookPage from '~/pages/api/webhooks/stripe';
import submitPage from '~/pages/api/unigen/index';
import { startCommand } from '../../e2e/helpers/app-server';

describe('directRouteFor', () => {
  it('answers the Stripe webhook itself, with or without a query string', () => {
    expect(directRouteFor('/api/webhooks/stripe')).toBe(stripeWebhookRoute);
    expect(directRouteFor('/api/webhooks/stripe?attempt=2')).toBe(stripeWebhookRoute);
  });

  it('answers the submit itself (POST /api/unigen; the handler refuses other methods)', () => {
    expect(directRouteFor('/api/unigen')).toBe(submitRoute);
    expect(directRouteFor('/api/unigen?source=app')).toBe(submitRoute);
  });

  it('opens the live update stream itself, with or without a query string', () => {
    expect(directRouteFor('/api/trpc/prediction.onUpdate')).toBeDefined();
    expect(directRouteFor('/api/trpc/prediction.onUpdate?input=%7B%7D')).toBe(directRouteFor('/api/trpc/prediction.onUpdate'));
  });

  it('answers the list reads itself: a page of creations, recent creations, the credit history', () => {
    for (const path of ['/api/trpc/prediction.list', '/api/trpc/prediction.recent', '/api/trpc/credits.history']) {
      expect(directRouteFor(path)).toBeDefined();
      expect(directRouteFor(`${path}?batch=1&input=%7B%7D`)).toBe(directRouteFor(path));
    }
  });

  it('answers with the handlers the pages/api files export', () => {
    expect(stripeWebhookPage).toBe(stripeWebhookRoute);
    expect(submitPage).toBe(submitRoute);
  });

  it('leaves every other request to Next, near misses included', () => {
    const nearMisses = ['/api/webhooks/replicate', '/api/webhooks/stripe/', '/api/webhooks/stripes', '/fr/api/webhooks/stripe'];
    const submitNearMisses = ['/api/unigen/', '/api/unigen/abc', '/api/unigen/check', '/api/unigen/sync', '/api/unigens', '/fr/api/unigen'];
    const streamNearMisses = ['/api/trpc/prediction.get', '/api/trpc/prediction.onUpdate,user.onBalance', '/api/trpc/user.onBalance', '/api/trpc/prediction.onUpdate/', '/api/trpc/prediction.list,credits.balance', '/api/trpc/credits.balance'];
    for (const url of ['/', ...nearMisses, ...submitNearMisses, ...streamNearMisses, undefined]) {
      expect(directRouteFor(url)).toBeUndefined();
    }
  });
});

describe('startCommand (how the tests and the bench start the studio)', () => {
  it('is what `npm start` runs: its variables, and node with its flags on server.mjs', () => {
    expect(startCommand()).toEqual({ env: { NEXT_TELEMETRY_DISABLED: '1' }, args: ['--v8-pool-size=0', 'server.mjs'] });
  });
});
