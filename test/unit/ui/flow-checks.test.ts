/** core-flow §5 check order and the toasts of §8, on the plain check runner. */
import { describe, expect, it, vi } from 'vitest';
import { runPreflightChecks, type PreflightDeps } from '~/features/generator/flow/checks';
import { englishFlowText } from './helpers/flow-text';
import { networkError, serverError } from './helpers/providers';

const MAINTENANCE = { enabled: true, message: 'System is under maintenance. Expected downtime: 6 hours. Please try again later.', blockedActions: ['generate', 'purchase', 'subscription'] };

function deps(overrides: Partial<PreflightDeps> = {}) {
  const order: string[] = [];
  const base: PreflightDeps = {
    maintenance: { ...MAINTENANCE, enabled: false },
    loggedIn: true,
    openLogin: vi.fn(() => void order.push('login')),
    validate: vi.fn(() => {
      order.push('validate');
      return { ok: true as const };
    }),
    cost: 16,
    userCredits: 100,
    serverCheck: vi.fn(async () => {
      order.push('server');
      return { success: true, credits: 16, message: null, error: null };
    }),
    toast: vi.fn(),
    text: englishFlowText(),
  };
  return { d: { ...base, ...overrides }, order };
}

describe('checks before generating (core-flow §5)', () => {
  it('passes through every check in order and returns the server credits', async () => {
    const { d, order } = deps();
    await expect(runPreflightChecks(d)).resolves.toEqual({ ok: true, credits: 16 });
    expect(order).toEqual(['validate', 'server']);
    expect(d.toast).not.toHaveBeenCalled();
  });

  it('1. maintenance blocks first, with its message for 5 s, before even the login check', async () => {
    const { d, order } = deps({ maintenance: MAINTENANCE, loggedIn: false });
    await expect(runPreflightChecks(d)).resolves.toEqual({ ok: false, stage: 'maintenance' });
    expect(d.toast).toHaveBeenCalledWith({ title: 'System Maintenance', description: MAINTENANCE.message, variant: 'destructive', durationMs: 5000 });
    expect(order).toEqual([]);
  });

  it('maintenance that does not block generate lets it through', async () => {
    const { d } = deps({ maintenance: { ...MAINTENANCE, blockedActions: ['purchase'] } });
    await expect(runPreflightChecks(d)).resolves.toMatchObject({ ok: true });
  });

  it('2. an anonymous user gets the login modal and nothing else runs', async () => {
    const { d, order } = deps({ loggedIn: false });
    await expect(runPreflightChecks(d)).resolves.toEqual({ ok: false, stage: 'login' });
    expect(order).toEqual(['login']);
    expect(d.toast).not.toHaveBeenCalled();
  });

  it("3. the model's validation message is shown as 'Invalid input'", async () => {
    const { d, order } = deps({ validate: () => ({ ok: false, message: 'Prompt is required.' }) });
    await expect(runPreflightChecks(d)).resolves.toEqual({ ok: false, stage: 'validation' });
    expect(d.toast).toHaveBeenCalledWith({ title: 'Invalid input', description: 'Prompt is required.', variant: 'destructive' });
    expect(order).toEqual([]);
  });

  it("3. a synchronous tool's validation toast reads 'Invalid Input'; the asynchronous flow's 'Invalid input'", async () => {
    const sync = deps({ sync: true, validate: () => ({ ok: false, message: 'Input image is required.' }) });
    await expect(runPreflightChecks(sync.d)).resolves.toEqual({ ok: false, stage: 'validation' });
    expect(sync.d.toast).toHaveBeenCalledWith({ title: 'Invalid Input', description: 'Input image is required.', variant: 'destructive' });
    const async = deps({ sync: false, validate: () => ({ ok: false, message: 'Prompt is required.' }) });
    await runPreflightChecks(async.d);
    expect(async.d.toast).toHaveBeenCalledWith({ title: 'Invalid input', description: 'Prompt is required.', variant: 'destructive' });
  });

  it("3. a validation that throws without a message shows 'Please check your input and try again.'", async () => {
    const { d } = deps({
      validate: () => {
        throw new Error('');
      },
    });
    await runPreflightChecks(d);
    expect(d.toast).toHaveBeenCalledWith({ title: 'Invalid input', description: 'Please check your input and try again.', variant: 'destructive' });
  });

  it("4. a local shortfall shows 'Insufficient credits' for 2 s, leading to /pricing, and skips the server check", async () => {
    const { d, order } = deps({ cost: 25, userCredits: 3 });
    await expect(runPreflightChecks(d)).resolves.toEqual({ ok: false, stage: 'credits' });
    expect(d.toast).toHaveBeenCalledWith({
      title: 'Insufficient credits',
      description: 'This generation needs 25 credits, but you only have 3.',
      variant: 'destructive',
      durationMs: 2000,
      link: { label: 'Buy credits', href: '/pricing' },
    });
    expect(order).toEqual(['validate']);
  });

  it('4. a balance below zero (a refund took back spent credits) says why', async () => {
    const { d } = deps({ cost: 1, userCredits: -40 });
    await expect(runPreflightChecks(d)).resolves.toEqual({ ok: false, stage: 'credits' });
    expect(d.toast).toHaveBeenCalledWith({
      title: 'Insufficient credits',
      description:
        'This generation needs 1 credits, but you only have -40. Your balance is below zero because a refunded or disputed purchase took back credits that had already been spent.',
      variant: 'destructive',
      durationMs: 2000,
      link: { label: 'Buy credits', href: '/pricing' },
    });
  });

  it('4. the credit check is skippable', async () => {
    const { d, order } = deps({ cost: 25, userCredits: 3, skipCreditCheck: true });
    await expect(runPreflightChecks(d)).resolves.toMatchObject({ ok: true });
    expect(order).toEqual(['validate', 'server']);
  });

  it("5. the server's insufficient_credits answer shows 'Insufficient Credits'", async () => {
    const { d } = deps({ serverCheck: async () => ({ success: false, credits: 16, message: 'x', error: 'insufficient_credits' }) });
    await expect(runPreflightChecks(d)).resolves.toEqual({ ok: false, stage: 'server' });
    expect(d.toast).toHaveBeenCalledWith({
      title: 'Insufficient Credits',
      description: 'You do not have enough credits for this generation.',
      variant: 'destructive',
      link: { label: 'Buy credits', href: '/pricing' },
    });
  });

  it("5. any other failed check shows 'Validation Failed'", async () => {
    const { d } = deps({ serverCheck: async () => Promise.reject(serverError('Prompt is required.', 'validation_failed')) });
    await runPreflightChecks(d);
    expect(d.toast).toHaveBeenCalledWith({ title: 'Validation Failed', description: 'Please check your input and try again.', variant: 'destructive' });
  });

  it("5. a check request that never reached the server shows 'Error' / 'Failed to check credit requirements'", async () => {
    const { d } = deps({ serverCheck: async () => Promise.reject(networkError()) });
    await runPreflightChecks(d);
    expect(d.toast).toHaveBeenCalledWith({ title: 'Error', description: 'Failed to check credit requirements', variant: 'destructive' });
  });

  it('5. the server saying maintenance or unauthorized maps to the same outcomes as steps 1 and 2', async () => {
    const m = deps({ serverCheck: async () => Promise.reject(serverError(MAINTENANCE.message, 'maintenance', 503)) });
    await expect(runPreflightChecks(m.d)).resolves.toEqual({ ok: false, stage: 'maintenance' });
    expect(m.d.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'System Maintenance', durationMs: 5000 }));
    const u = deps({ serverCheck: async () => Promise.reject(serverError('Please sign in to continue.', 'unauthorized', 401)) });
    await expect(runPreflightChecks(u.d)).resolves.toEqual({ ok: false, stage: 'login' });
    expect(u.d.openLogin).toHaveBeenCalled();
  });
});
