// @vitest-environment jsdom
/**
 * Issue 19 in the UI (items 1–5, 9, 14), on the real tRPC React client with a test link: /pricing
 * for visitors, members and premium members, maintenance and a server without payments; the
 * success page (the header's balance at once, a pending payment that completes); the local
 * checkout; Account → Billing; the notice for a balance below zero; the local checkout's banner.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountBilling } from '~/features/billing/AccountBilling';
import { LocalCheckoutView } from '~/features/billing/LocalCheckoutView';
import { LocalPortalView } from '~/features/billing/LocalPortalView';
import { NegativeBalanceNotice } from '~/features/billing/NegativeBalanceNotice';
import { PricingView } from '~/features/billing/PricingView';
import { SuccessView } from '~/features/billing/SuccessView';
import type { BillingStatus, Offer, Purchase } from '~/features/billing/types';
import { AccountArea } from '~/features/layout/AccountArea';
import { AccountMenu } from '~/features/layout/AccountMenu';
import { LocalCheckoutBanner } from '~/features/layout/LocalCheckoutBanner';
import { LocalEngineBanner } from '~/features/layout/LocalEngineBanner';
import { realTimers } from '~/utils/timers';
import { fakes, resetFakes } from './helpers/fakes';
import { renderWithProviders, serverError, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';
import { closeSignInDialog, signInFromDialog } from './helpers/sign-in-dialog';
import { findToast, toastsAsked } from './helpers/toasts';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const OFFER: Offer = {
  checkout: 'local',
  packs: [
    { id: 'credits-500', credits: 500, amount: 500, currency: 'usd', pricePer100: 100 },
    { id: 'credits-1200', credits: 1200, amount: 1000, currency: 'usd', pricePer100: 83 },
    { id: 'credits-3000', credits: 3000, amount: 2000, currency: 'usd', pricePer100: 67 },
  ],
  plan: { id: 'premium-monthly', monthlyCredits: 1000, amount: 1200, currency: 'usd', interval: 'month' },
};

const FREE: BillingStatus = { premium: false, subscription: null, hasCustomer: false };
const PREMIUM: BillingStatus = {
  premium: true,
  subscription: { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: new Date('2026-12-26T12:00:00Z'), premiumUntil: null },
  hasCustomer: true,
};
const MAINTENANCE = { ...SYSTEM_STATUS.maintenance, enabled: true };
const MAINTENANCE_TOAST = { title: 'System Maintenance', description: MAINTENANCE.message, variant: 'destructive', durationMs: 5000 };
/** The local checkout, with Google as the one way to sign in (so the sign-in dialog has one button). */
const SIGN_IN_BY_GOOGLE_HERE: Handlers = { 'system.status': () => ({ ...SYSTEM_STATUS, localCheckout: true, googleSignIn: true, devSignIn: false }) };

type Calls = { path: string; input: unknown }[];

function handlers(overrides: Handlers = {}, calls: Calls = []): { handlers: Handlers; calls: Calls } {
  return {
    calls,
    handlers: {
      'system.status': () => ({ ...SYSTEM_STATUS, localCheckout: true }),
      'user.details': () => userDetails({ credits: 100 }),
      'billing.offer': () => OFFER,
      'billing.status': () => FREE,
      'billing.checkout': (input: unknown) => ({ url: `/billing/local-checkout?session=cs_local_${(input as { item: string }).item}` }),
      'billing.portal': () => ({ url: '/billing/local-portal' }),
      ...overrides,
    },
  };
}

const called = (calls: Calls, path: string) => calls.filter((c) => c.path === path);

/** The timers the page sets through its timer seam (~/utils/timers) that have neither run nor been cleared. */
function timersWaiting(): ReadonlySet<unknown> {
  const waiting = new Set<unknown>();
  const { setTimeout: set, clearTimeout: clear } = realTimers;
  vi.spyOn(realTimers, 'setTimeout').mockImplementation((run, ms) => {
    const handle = set(() => {
      waiting.delete(handle);
      run();
    }, ms);
    waiting.add(handle);
    return handle;
  });
  vi.spyOn(realTimers, 'clearTimeout').mockImplementation((handle) => {
    waiting.delete(handle);
    clear(handle);
  });
  return waiting;
}

beforeEach(() => resetFakes());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/pricing', () => {
  it('shows each pack with its credits, price and price per 100 credits, and the plan with what premium gives', async () => {
    renderWithProviders(<PricingView offer={OFFER} />, handlers());
    const packs = await screen.findAllByTestId('pack-card');
    expect(packs.map((p) => [within(p).getByTestId('pack-credits').textContent, within(p).getByTestId('pack-price').textContent, within(p).getByTestId('pack-per-100').textContent])).toEqual([
      ['500 credits', '$5.00', '$1.00 per 100 credits'],
      ['1,200 credits', '$10.00', '$0.83 per 100 credits'],
      ['3,000 credits', '$20.00', '$0.67 per 100 credits'],
    ]);
    expect(within(packs[2]!).getByText('Best value')).toBeTruthy();
    expect(within(packs[0]!).queryByText('Best value')).toBeNull();
    const plan = screen.getByTestId('plan-card');
    expect(within(plan).getByTestId('plan-price').textContent).toBe('$12.00 / month');
    expect(within(plan).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1,000 credits every month',
      'A queue wait of about 10 s instead of 60 s',
      'Private results: only you see what you make',
      'Your recent creations beside the generator',
    ]);
    expect((await screen.findByTestId('plan-subscribe')).textContent).toBe('Go premium');
  });

  it('a signed-out visitor sees the prices; Buy opens the sign-in modal first and starts nothing', async () => {
    fakes.session.status = 'unauthenticated';
    fakes.router.asPath = '/pricing';
    const s = handlers(SIGN_IN_BY_GOOGLE_HERE);
    renderWithProviders(<PricingView offer={OFFER} />, s);
    const buy = within((await screen.findAllByTestId('pack-card'))[0]!).getByTestId('pack-buy');
    await act(async () => fireEvent.click(buy));
    expect(await signInFromDialog()).toEqual(['google', { callbackUrl: '/pricing', redirect: false }]);
    await closeSignInDialog();
    await act(async () => fireEvent.click(screen.getByTestId('plan-subscribe')));
    expect(await signInFromDialog()).toEqual(['google', { callbackUrl: '/pricing', redirect: false }]);
    expect(called(s.calls, 'billing.checkout')).toEqual([]);
    expect(called(s.calls, 'billing.status')).toEqual([]);
  });

  it('Buy asks billing.checkout for that pack and goes to the URL it returns', async () => {
    const s = handlers();
    renderWithProviders(<PricingView offer={OFFER} />, s);
    const buy = within((await screen.findAllByTestId('pack-card'))[0]!).getByTestId('pack-buy');
    await act(async () => fireEvent.click(buy));
    await waitFor(() => expect(fakes.router.push).toHaveBeenCalledWith('/billing/local-checkout?session=cs_local_credits-500'));
    expect(called(s.calls, 'billing.checkout').map((c) => c.input)).toEqual([{ item: 'credits-500' }]);
    // The plan is a subscription through the same door.
    cleanup();
    const plan = handlers();
    renderWithProviders(<PricingView offer={OFFER} />, plan);
    await act(async () => fireEvent.click(await screen.findByTestId('plan-subscribe')));
    await waitFor(() => expect(called(plan.calls, 'billing.checkout').map((c) => c.input)).toEqual([{ item: 'premium-monthly' }]));
  });

  it("maintenance on: Buy and Manage show the spec's 'System Maintenance' toast and start nothing", async () => {
    const s = handlers({ 'system.status': () => ({ ...SYSTEM_STATUS, maintenance: MAINTENANCE }), 'billing.status': () => PREMIUM });
    renderWithProviders(<PricingView offer={OFFER} />, s);
    await waitFor(() => expect(called(s.calls, 'system.status').length).toBe(1));
    await act(async () => fireEvent.click(within((await screen.findAllByTestId('pack-card'))[1]!).getByTestId('pack-buy')));
    expect(await findToast('System Maintenance')).toEqual(MAINTENANCE_TOAST);
    await act(async () => fireEvent.click(await screen.findByTestId('manage-subscription')));
    expect(toastsAsked()).toEqual(['System Maintenance', 'System Maintenance']);
    expect(await findToast('System Maintenance')).toEqual(MAINTENANCE_TOAST);
    expect(called(s.calls, 'billing.checkout')).toEqual([]);
    expect(called(s.calls, 'billing.portal')).toEqual([]);
    expect(fakes.router.push).not.toHaveBeenCalled();
  });

  it("a server without payments ('off'): every button says purchases are not available", async () => {
    renderWithProviders(<PricingView offer={{ ...OFFER, checkout: 'off' }} />, handlers());
    expect((await screen.findByTestId('purchases-unavailable')).textContent).toContain('This server takes no payments');
    const buttons = [...screen.getAllByTestId('pack-buy'), await screen.findByTestId('plan-subscribe')] as HTMLButtonElement[];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual(Array.from({ length: 4 }, () => ['Purchases are not available', true]));
  });

  it('a premium member sees "Your plan" with the renewal date, and Manage subscription opens the portal', async () => {
    const s = handlers({ 'billing.status': () => PREMIUM });
    renderWithProviders(<PricingView offer={OFFER} />, s);
    const status = await screen.findByTestId('plan-status');
    expect(within(status).getByText('Your plan')).toBeTruthy();
    expect(screen.getByTestId('plan-status-line').textContent).toBe('Renews on December 26, 2026');
    expect(screen.queryByTestId('plan-subscribe')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('manage-subscription')));
    await waitFor(() => expect(fakes.router.push).toHaveBeenCalledWith('/billing/local-portal'));
    expect(called(s.calls, 'billing.portal')).toHaveLength(1);
  });

  it('a plan cancelled at period end says when premium ends', async () => {
    const cancelled: BillingStatus = { ...PREMIUM, subscription: { ...PREMIUM.subscription!, cancelAtPeriodEnd: true, premiumUntil: PREMIUM.subscription!.currentPeriodEnd } };
    renderWithProviders(<PricingView offer={OFFER} />, handlers({ 'billing.status': () => cancelled }));
    expect((await screen.findByTestId('plan-status-line')).textContent).toBe('Cancelled: premium ends on December 26, 2026');
  });

  it('a refused checkout says why and leaves the button usable', async () => {
    const s = handlers({ 'billing.checkout': () => Promise.reject(serverError('Purchases are not available right now.', 'payments_unavailable', 503)) });
    renderWithProviders(<PricingView offer={OFFER} />, s);
    const buy = within((await screen.findAllByTestId('pack-card'))[0]!).getByTestId('pack-buy') as HTMLButtonElement;
    await act(async () => fireEvent.click(buy));
    expect(await findToast('Purchases are not available')).toEqual({
      title: 'Purchases are not available',
      description: 'This server takes no payments right now. Nothing was charged.',
      variant: 'destructive',
      durationMs: 5000,
    });
    await waitFor(() => expect(buy.disabled).toBe(false));
    expect(fakes.router.push).not.toHaveBeenCalled();
  });
});

describe('/billing/success', () => {
  it('shows the credits added and updates the header balance at once, without asking for it again', async () => {
    fakes.router.query = { session_id: 'cs_local_1' };
    let detailsCalls = 0;
    let pay: () => void = () => undefined;
    const paid = new Promise<void>((resolve) => (pay = resolve));
    const s = handlers({
      // The first answer fills the header; any later one never arrives, so only the page's own update can change it.
      'user.details': () => (++detailsCalls === 1 ? userDetails({ credits: 100 }) : new Promise(() => undefined)),
      'billing.confirm': async () => {
        await paid;
        return { state: 'granted', credits: 500, balance: 600, item: 'credits-500' };
      },
    });
    renderWithProviders(
      <>
        <AccountArea />
        <SuccessView />
      </>,
      s,
    );
    expect((await screen.findByTestId('credits-badge')).textContent).toBe('100 credits');
    expect(screen.getByTestId('billing-success').getAttribute('data-state')).toBe('confirming');
    pay();
    expect((await screen.findByTestId('success-credits')).textContent).toBe('500 credits were added to your balance.');
    expect(screen.getByTestId('success-balance').textContent).toBe('Your balance: 600 credits');
    await waitFor(() => expect(screen.getByTestId('credits-badge').textContent).toBe('600 credits'));
    expect(called(s.calls, 'billing.confirm').map((c) => c.input)).toEqual([{ sessionId: 'cs_local_1' }]);
    expect(screen.getByTestId('billing-success').getAttribute('data-state')).toBe('granted');
  });

  it('a request for the balance that left before the grant cannot bring the old figure back', async () => {
    fakes.router.query = { session_id: 'cs_local_1' };
    let detailsCalls = 0;
    let answerFirst: () => void = () => undefined;
    const s = handlers({
      // The first request is slow and would answer the balance from before the payment.
      'user.details': () => (++detailsCalls === 1 ? new Promise((resolve) => (answerFirst = () => resolve(userDetails({ credits: 100 })))) : userDetails({ credits: 600 })),
      'billing.confirm': () => ({ state: 'granted', credits: 500, balance: 600, item: 'credits-500' }),
    });
    renderWithProviders(
      <>
        <AccountArea />
        <SuccessView />
      </>,
      s,
    );
    await screen.findByTestId('success-credits');
    answerFirst();
    await waitFor(() => expect(screen.getByTestId('credits-badge').textContent).toBe('600 credits'));
  });

  it('the plan: says premium is on', async () => {
    fakes.router.query = { session_id: 'cs_local_2' };
    renderWithProviders(<SuccessView />, handlers({ 'billing.confirm': () => ({ state: 'granted', credits: 1000, balance: 1100, item: 'premium-monthly' }) }));
    await waitFor(() => expect(screen.getByTestId('success-credits').textContent).toBe('Premium is on, and 1,000 credits were added for this month.'));
  });

  it('a pending payment says so, and the page updates by itself when it completes', async () => {
    fakes.router.query = { session_id: 'cs_delayed' };
    let completed = false;
    const s = handlers({
      'system.status': () => ({ ...SYSTEM_STATUS, timeScale: 0.001 }),
      'billing.confirm': () =>
        completed ? { state: 'granted', credits: 500, balance: 600, item: 'credits-500' } : { state: 'pending', credits: 0, balance: 100, item: 'credits-500' },
    });
    const nextAsks = timersWaiting();
    renderWithProviders(<SuccessView />, s);
    await waitFor(() => expect(screen.getByTestId('billing-success').getAttribute('data-state')).toBe('pending'));
    expect(screen.getByText(/Your payment is still being processed/)).toBeTruthy();
    // It keeps asking while pending.
    await waitFor(() => expect(called(s.calls, 'billing.confirm').length).toBeGreaterThanOrEqual(2));
    completed = true;
    await waitFor(() => expect(screen.getByTestId('success-credits').textContent).toBe('500 credits were added to your balance.'));
    // The page asks again only from a timer it sets after a pending answer: none is left to run.
    expect(nextAsks.size).toBe(0);
  });

  it('an unpaid checkout, a missing session and a signed-out visitor each say what happened', async () => {
    fakes.router.query = { session_id: 'cs_unpaid' };
    renderWithProviders(<SuccessView />, handlers({ 'billing.confirm': () => ({ state: 'unpaid', credits: 0, balance: 100, item: 'credits-500' }) }));
    expect((await screen.findByText(/nothing was charged and no credits were added/)).textContent).toBe('The payment was not completed: nothing was charged and no credits were added.');
    cleanup();
    fakes.router.query = {};
    const missing = handlers();
    renderWithProviders(<SuccessView />, missing);
    await waitFor(() => expect(screen.getByTestId('billing-success').getAttribute('data-state')).toBe('missing'));
    expect(called(missing.calls, 'billing.confirm')).toEqual([]);
    cleanup();
    fakes.session.status = 'unauthenticated';
    fakes.router.asPath = '/billing/success?session_id=cs_local_1';
    fakes.router.query = { session_id: 'cs_local_1' };
    const signedOut = handlers(SIGN_IN_BY_GOOGLE_HERE);
    renderWithProviders(<SuccessView />, signedOut);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await signInFromDialog()).toEqual(['google', { callbackUrl: '/billing/success?session_id=cs_local_1', redirect: false }]);
    expect(called(signedOut.calls, 'billing.confirm')).toEqual([]);
  });
});

describe('the local checkout', () => {
  const SESSION = { id: 'cs_local_1', item: 'credits-500', kind: 'pack', credits: 500, amount: 500, currency: 'usd', state: 'open', successUrl: '/billing/success?session_id=cs_local_1', cancelUrl: '/pricing' };

  it('says plainly that no money moves, shows what is bought, and Pay goes on to the success page', async () => {
    fakes.router.query = { session: 'cs_local_1' };
    const s = handlers({ 'billing.localSession': () => SESSION, 'billing.localPay': () => ({ successUrl: SESSION.successUrl }) });
    renderWithProviders(<LocalCheckoutView />, s);
    expect((await screen.findByTestId('local-checkout-notice')).textContent).toContain('No card is asked for and nothing is charged.');
    expect((await screen.findByTestId('local-checkout-item')).textContent).toBe('500 credits');
    expect(screen.getByTestId('local-checkout-amount').textContent).toBe('$5.00');
    expect(screen.getByTestId('local-checkout-cancel').getAttribute('href')).toBe('/pricing');
    await act(async () => fireEvent.click(screen.getByTestId('local-checkout-pay')));
    await waitFor(() => expect(fakes.router.push).toHaveBeenCalledWith('/billing/success?session_id=cs_local_1'));
    expect(called(s.calls, 'billing.localPay').map((c) => c.input)).toEqual([{ sessionId: 'cs_local_1' }]);
  });

  it('a paid, expired or unknown session offers no Pay', async () => {
    fakes.router.query = { session: 'cs_local_1' };
    renderWithProviders(<LocalCheckoutView />, handlers({ 'billing.localSession': () => ({ ...SESSION, state: 'complete' }) }));
    expect((await screen.findByTestId('local-checkout-complete')).textContent).toBe('This checkout is already paid.');
    expect(screen.queryByTestId('local-checkout-pay')).toBeNull();
    cleanup();
    renderWithProviders(<LocalCheckoutView />, handlers({ 'billing.localSession': () => ({ ...SESSION, state: 'expired' }) }));
    expect((await screen.findByTestId('local-checkout-expired')).textContent).toBe('This checkout has expired. Nothing was charged.');
    cleanup();
    renderWithProviders(<LocalCheckoutView />, handlers({ 'billing.localSession': () => Promise.reject(serverError('Not found.', 'not_found', 404)) }));
    expect((await screen.findByTestId('local-checkout-missing')).textContent).toBe('This checkout does not exist or belongs to another account.');
  });

  it('a banner says the local checkout is on, and only then', async () => {
    renderWithProviders(<LocalCheckoutBanner />, handlers());
    expect((await screen.findByTestId('local-checkout-banner')).textContent).toBe(
      'Local checkout is on: purchases are simulated on this server and no money moves. Configure Stripe keys before going live.',
    );
    cleanup();
    // The engine's banner reads the same answer: once it shows, the checkout's has had its say.
    renderWithProviders(
      <>
        <LocalEngineBanner />
        <LocalCheckoutBanner />
      </>,
      handlers({ 'system.status': () => ({ ...SYSTEM_STATUS, localCheckout: false, localEngine: true }) }),
    );
    await screen.findByTestId('local-engine-banner');
    expect(screen.queryByTestId('local-checkout-banner')).toBeNull();
  });
});

describe('the local portal', () => {
  it("changes the plan the way Stripe's portal would: cancel at period end, keep it, cancel now", async () => {
    let status: BillingStatus = PREMIUM;
    const s = handlers({
      'billing.status': () => status,
      'billing.localPortalAction': (input: unknown) => {
        const { action } = input as { action: string };
        const subscription = status.subscription!;
        status =
          action === 'cancel_now'
            ? { ...status, premium: false, subscription: { ...subscription, status: 'canceled' } }
            : { ...status, subscription: { ...subscription, cancelAtPeriodEnd: action === 'cancel_at_period_end' } };
        return status;
      },
    });
    renderWithProviders(<LocalPortalView />, s);
    expect((await screen.findByTestId('plan-status-line')).textContent).toBe('Renews on December 26, 2026');
    expect(screen.queryByTestId('manage-subscription')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('portal-cancel-at-period-end')));
    await waitFor(() => expect(screen.getByTestId('plan-status-line').textContent).toBe('Cancelled: premium ends on December 26, 2026'));
    await act(async () => fireEvent.click(screen.getByTestId('portal-resume')));
    await waitFor(() => expect(screen.getByTestId('plan-status-line').textContent).toBe('Renews on December 26, 2026'));
    await act(async () => fireEvent.click(screen.getByTestId('portal-cancel-now')));
    expect((await screen.findByTestId('local-portal-no-plan')).textContent).toBe('There is no active plan on this account. See plans and prices');
    expect(called(s.calls, 'billing.localPortalAction').map((c) => c.input)).toEqual([{ action: 'cancel_at_period_end' }, { action: 'resume' }, { action: 'cancel_now' }]);
  });

  it("maintenance on: the spec's toast, and the plan is left alone", async () => {
    const s = handlers({ 'system.status': () => ({ ...SYSTEM_STATUS, maintenance: MAINTENANCE }), 'billing.status': () => PREMIUM });
    renderWithProviders(<LocalPortalView />, s);
    await waitFor(() => expect(called(s.calls, 'system.status')).toHaveLength(1));
    await act(async () => fireEvent.click(await screen.findByTestId('portal-cancel-now')));
    expect(await findToast('System Maintenance')).toEqual(MAINTENANCE_TOAST);
    expect(called(s.calls, 'billing.localPortalAction')).toEqual([]);
  });
});

describe('Account → Billing', () => {
  const PURCHASES: Purchase[] = [
    { id: 'p2', createdAt: new Date('2026-11-20T10:00:00Z'), item: 'premium-monthly', kind: 'plan', credits: 1000, amount: 1200, currency: 'usd', status: 'paid', receiptUrl: 'https://pay.example/receipts/p2' },
    { id: 'p1', createdAt: new Date('2026-11-02T09:30:00Z'), item: 'credits-500', kind: 'pack', credits: 500, amount: 500, currency: 'usd', status: 'refunded', receiptUrl: null },
  ];
  const HISTORY = [
    { id: 'l3', amount: -500, balanceAfter: -40, reason: 'refund_clawback', note: 'Refund of credits-500', generationId: null, createdAt: new Date('2026-11-21T10:00:00Z') },
    { id: 'l2', amount: 1000, balanceAfter: 460, reason: 'plan_grant', note: 'Bought Premium', generationId: null, createdAt: new Date('2026-11-20T10:00:00Z') },
    { id: 'l1', amount: -16, balanceAfter: 84, reason: 'generation_debit', note: 'FLUX 1.1 Pro', generationId: 'g1', createdAt: new Date('2026-11-03T10:00:00Z') },
  ];

  it('shows the plan, the purchases (date, what, amount, receipt) and the credit history in one place', async () => {
    const s = handlers({
      'user.details': () => userDetails({ credits: -40, premium: true }),
      'billing.status': () => PREMIUM,
      'billing.purchases': () => ({ items: PURCHASES, nextCursor: null }),
      'credits.history': () => ({ items: HISTORY, nextCursor: null }),
    });
    renderWithProviders(<AccountBilling />, s);
    expect((await screen.findByTestId('plan-status-line')).textContent).toBe('Renews on December 26, 2026');
    await waitFor(() => expect(screen.getByTestId('billing-balance').textContent).toBe('-40 credits'));
    const rows = await screen.findAllByTestId('purchase-row');
    expect(rows.map((r) => [within(r).getByTestId('purchase-what').textContent, within(r).getByTestId('purchase-date').textContent, within(r).getByTestId('purchase-amount').textContent])).toEqual([
      ['Premium: 1,000 credits', 'Nov 20, 2026, 10:00 AM', '$12.00'],
      ['500 credits', 'Nov 2, 2026, 9:30 AM', '$5.00'],
    ]);
    expect(within(rows[0]!).getByTestId('purchase-receipt').getAttribute('href')).toBe('https://pay.example/receipts/p2');
    expect(within(rows[1]!).queryByTestId('purchase-receipt')).toBeNull();
    expect(within(rows[1]!).getByText('Refunded')).toBeTruthy();
    const history = await screen.findAllByTestId('history-row');
    expect(history.map((r) => [r.querySelector('p')?.textContent, within(r).getByTestId('history-amount').textContent])).toEqual([
      ['Taken back: purchase refunded', '-500'],
      ['Premium: monthly credits', '+1,000'],
      ['Generation · FLUX 1.1 Pro', '-16'],
    ]);
    expect(called(s.calls, 'billing.purchases').map((c) => (c.input as { limit: number }).limit)).toEqual([20]);
  });

  it('a free member with no purchases is pointed to the plans', async () => {
    renderWithProviders(<AccountBilling />, handlers({ 'billing.purchases': () => ({ items: [], nextCursor: null }), 'credits.history': () => ({ items: [], nextCursor: null }) }));
    expect((await screen.findByTestId('billing-see-plans')).getAttribute('href')).toBe('/pricing');
    expect((await screen.findByTestId('purchases-empty')).textContent).toBe('No purchases yet.');
  });

  it('is in the account menu', async () => {
    renderWithProviders(<AccountMenu user={userDetails()} avatar={<span>A</span>} />, handlers());
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect((await screen.findByTestId('menu-billing')).getAttribute('href')).toBe('/account/billing');
  });
});

describe('the balance', () => {
  it("the header's credit badge leads to /pricing", async () => {
    renderWithProviders(<AccountArea />, handlers());
    expect((await screen.findByTestId('credits-badge')).getAttribute('href')).toBe('/pricing');
  });

  it('below zero after a clawback: the UI says why, with a link to /pricing', async () => {
    renderWithProviders(<NegativeBalanceNotice />, handlers({ 'user.details': () => userDetails({ credits: -40 }) }));
    const notice = await screen.findByTestId('negative-balance');
    expect(notice.textContent).toContain('A refunded or disputed purchase took back credits that had already been spent, so your balance is -40.');
    expect(screen.getByTestId('negative-balance-link').getAttribute('href')).toBe('/pricing');
    cleanup();
    // The header's badge reads the same answer: once it shows the balance, the notice has had its say.
    renderWithProviders(
      <>
        <AccountArea />
        <NegativeBalanceNotice />
      </>,
      handlers(),
    );
    expect((await screen.findByTestId('credits-badge')).textContent).toBe('100 credits');
    expect(screen.queryByTestId('negative-balance')).toBeNull();
  });
});
