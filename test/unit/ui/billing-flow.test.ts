/**
 * Issue 19 items 1, 2, 4: what Buy and Manage subscription do, in order (maintenance, sign-in,
 * the server's session, the browser going to its URL), and the success page's confirmation loop
 * while a payment is pending (fake timers); amounts in minor units, shown in the reader's locale.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_POLL, confirmUntilSettled } from '~/features/billing/flow/confirm-until-settled';
import { formatMoney } from '~/features/billing/money';
import { startCheckout, type CheckoutDeps } from '~/features/billing/flow/start-checkout';
import type { ConfirmAnswer } from '~/features/billing/types';
import { realTimers } from '~/utils/timers';
import { networkError, serverError } from './helpers/providers';

const MAINTENANCE = { enabled: true, message: 'System is under maintenance. Expected downtime: 6 hours. Please try again later.', blockedActions: ['generate', 'purchase', 'subscription'] };
const TEXT = { maintenanceTitle: 'System Maintenance', unavailableTitle: 'Purchases are not available', unavailableBody: 'This server takes no payments right now. Nothing was charged.', failedTitle: 'Checkout failed' };

function deps(overrides: Partial<CheckoutDeps> = {}) {
  const d: CheckoutDeps = {
    action: 'purchase',
    maintenance: { ...MAINTENANCE, enabled: false },
    signedIn: true,
    openLogin: vi.fn(),
    request: vi.fn(async () => ({ url: '/billing/local-checkout?session=cs_local_1' })),
    navigate: vi.fn(),
    toast: vi.fn(),
    text: TEXT,
    ...overrides,
  };
  return d;
}

describe('Buy and Manage subscription', () => {
  it('asks the server for a session and goes to its URL', async () => {
    const d = deps();
    await expect(startCheckout(d)).resolves.toBe('navigating');
    expect(d.request).toHaveBeenCalledTimes(1);
    expect(d.navigate).toHaveBeenCalledWith('/billing/local-checkout?session=cs_local_1');
    expect(d.toast).not.toHaveBeenCalled();
  });

  it.each(['purchase', 'subscription'] as const)("maintenance on: a %s shows the spec's 'System Maintenance' toast for 5 s and starts nothing", async (action) => {
    const d = deps({ action, maintenance: MAINTENANCE, signedIn: false });
    await expect(startCheckout(d)).resolves.toBe('maintenance');
    expect(d.toast).toHaveBeenCalledWith({ title: 'System Maintenance', description: MAINTENANCE.message, variant: 'destructive', durationMs: 5000 });
    expect(d.request).not.toHaveBeenCalled();
    expect(d.openLogin).not.toHaveBeenCalled();
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('a switch that blocks only generating leaves buying alone', async () => {
    const d = deps({ maintenance: { ...MAINTENANCE, blockedActions: ['generate'] } });
    await expect(startCheckout(d)).resolves.toBe('navigating');
  });

  it('signed out: the sign-in modal opens first and nothing is asked of the server', async () => {
    const d = deps({ signedIn: false });
    await expect(startCheckout(d)).resolves.toBe('login');
    expect(d.openLogin).toHaveBeenCalledTimes(1);
    expect(d.request).not.toHaveBeenCalled();
  });

  it("the server's maintenance refusal (switched on after the page loaded) shows the same toast with the server's text", async () => {
    const d = deps({ request: vi.fn(async () => Promise.reject(serverError('Back at noon.', 'maintenance', 503))) });
    await expect(startCheckout(d)).resolves.toBe('maintenance');
    expect(d.toast).toHaveBeenCalledWith({ title: 'System Maintenance', description: 'Back at noon.', variant: 'destructive', durationMs: 5000 });
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('no payment provider (503 payments_unavailable): says purchases are not available', async () => {
    const d = deps({ request: vi.fn(async () => Promise.reject(serverError('Purchases are not available right now.', 'payments_unavailable', 503))) });
    await expect(startCheckout(d)).resolves.toBe('unavailable');
    expect(d.toast).toHaveBeenCalledWith({ title: 'Purchases are not available', description: 'This server takes no payments right now. Nothing was charged.', variant: 'destructive' });
  });

  it('a session that ended opens the sign-in modal', async () => {
    const d = deps({ request: vi.fn(async () => Promise.reject(serverError('Please sign in to continue.', 'unauthorized', 401))) });
    await expect(startCheckout(d)).resolves.toBe('login');
    expect(d.openLogin).toHaveBeenCalledTimes(1);
  });

  it("any other failure: 'Checkout failed' in the spec's error wording", async () => {
    const refused = deps({ request: vi.fn(async () => Promise.reject(serverError('Unknown item: pack_x', 'validation_failed', 400))) });
    await expect(startCheckout(refused)).resolves.toBe('failed');
    expect(refused.toast).toHaveBeenCalledWith({ title: 'Checkout failed', description: 'Error in checkout: Unknown item: pack_x', variant: 'destructive' });
    const offline = deps({ request: vi.fn(async () => Promise.reject(networkError())) });
    await expect(startCheckout(offline)).resolves.toBe('failed');
    expect(offline.toast).toHaveBeenCalledWith({ title: 'Checkout failed', description: 'Failed to make checkout request. Please check your internet connection.', variant: 'destructive' });
  });
});

describe('the success page confirming a payment', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const answer = (state: ConfirmAnswer['state']): ConfirmAnswer => ({ state, credits: state === 'granted' ? 100 : 0, balance: state === 'granted' ? 200 : 100, item: 'pack_100' });

  it('granted at once: one call, one answer', async () => {
    const confirm = vi.fn(async () => answer('granted'));
    const onAnswer = vi.fn();
    confirmUntilSettled({ confirm, onAnswer, onError: vi.fn(), timers: realTimers });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls.map((c) => (c[0] as ConfirmAnswer).state)).toEqual(['granted']);
  });

  it('pending: asks again after 3 s, then less often, until granted', async () => {
    const states: ConfirmAnswer['state'][] = ['pending', 'pending', 'pending', 'granted'];
    const confirm = vi.fn(async () => answer(states.shift() ?? 'granted'));
    const onAnswer = vi.fn();
    confirmUntilSettled({ confirm, onAnswer, onError: vi.fn(), timers: realTimers });
    await vi.advanceTimersByTimeAsync(0);
    expect(confirm).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CONFIRM_POLL.firstMs - 1);
    expect(confirm).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(confirm).toHaveBeenCalledTimes(2);
    // Then 4.5 s, then 6.75 s.
    await vi.advanceTimersByTimeAsync(4500);
    expect(confirm).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(6750);
    expect(confirm).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(confirm).toHaveBeenCalledTimes(4);
    expect(onAnswer.mock.calls.map((c) => (c[0] as ConfirmAnswer).state)).toEqual(['pending', 'pending', 'pending', 'granted']);
  });

  it('waits at most 30 s between asks, and the time scale shortens every wait', async () => {
    const confirm = vi.fn(async () => answer('pending'));
    const loop = confirmUntilSettled({ confirm, onAnswer: vi.fn(), onError: vi.fn(), timers: realTimers, timeScale: 0.5 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(confirm).toHaveBeenCalledTimes(2);
    loop.dispose();
    const slow = vi.fn(async () => answer('pending'));
    confirmUntilSettled({ confirm: slow, onAnswer: vi.fn(), onError: vi.fn(), timers: realTimers });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const calls = slow.mock.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(slow.mock.calls.length).toBe(calls + 1);
  });

  it('unpaid ends the loop; an error is reported once and ends it', async () => {
    const unpaid = vi.fn(async () => answer('unpaid'));
    confirmUntilSettled({ confirm: unpaid, onAnswer: vi.fn(), onError: vi.fn(), timers: realTimers });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(unpaid).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => Promise.reject(serverError('Checkout session not found.', 'not_found', 404)));
    const onError = vi.fn();
    confirmUntilSettled({ confirm: failing, onAnswer: vi.fn(), onError, timers: realTimers });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a closed page stops asking, and an answer arriving after it closed is dropped', async () => {
    let resolve: (a: ConfirmAnswer) => void = () => undefined;
    const confirm = vi.fn(() => new Promise<ConfirmAnswer>((r) => (resolve = r)));
    const onAnswer = vi.fn();
    const loop = confirmUntilSettled({ confirm, onAnswer, onError: vi.fn(), timers: realTimers });
    loop.dispose();
    resolve(answer('pending'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});

describe('amounts', () => {
  it("are whole minor units shown with the currency's own decimals, in the reader's locale", () => {
    expect(formatMoney(499, 'usd', 'en')).toBe('$4.99');
    expect(formatMoney(1000, 'usd', 'en')).toBe('$10.00');
    expect(formatMoney(499, 'usd', 'de').replace(/\s/g, ' ')).toBe('4,99 $');
    expect(formatMoney(500, 'jpy', 'en')).toBe('¥500');
  });
});
