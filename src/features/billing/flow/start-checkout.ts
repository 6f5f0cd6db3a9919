/**
 * What Buy and Manage subscription do (issue 19 items 1, 2, 4), in order: the maintenance switch
 * (the spec's 'System Maintenance' toast, 5 s, nothing started), sign-in (the sign-in modal),
 * then the server's checkout or portal session, whose URL the browser goes to. The server
 * refuses the same things (maintenance, no payment provider), so its answers end the same way.
 * Plain TypeScript: the hook (useCheckout.ts) passes the app's parts.
 */
import { TRPCClientError } from '@trpc/client';
import { describeRequestFailure } from '~/features/errors/request-error';
import type { ToastFn } from '~/features/toast/toast';

export const MAINTENANCE_TOAST_MS = 5000;

/** The maintenance switch's actions (core-flow §4): a pack is a purchase, the plan a subscription. */
export type BillingAction = 'purchase' | 'subscription';

export type CheckoutText = {
  maintenanceTitle: string;
  unavailableTitle: string;
  unavailableBody: string;
  failedTitle: string;
};

export type CheckoutDeps = {
  action: BillingAction;
  maintenance: { enabled: boolean; message: string; blockedActions: readonly string[] } | null | undefined;
  signedIn: boolean;
  openLogin: () => void;
  /** billing.checkout or billing.portal. */
  request: () => Promise<{ url: string }>;
  navigate: (url: string) => void;
  toast: ToastFn;
  text: CheckoutText;
};

export type CheckoutOutcome = 'navigating' | 'maintenance' | 'login' | 'unavailable' | 'failed';

type ErrorData = { appCode?: string | null; httpStatus?: number; code?: string };

function errorData(failure: unknown): ErrorData | null {
  return failure instanceof TRPCClientError && failure.data ? (failure.data as ErrorData) : null;
}

export async function startCheckout(deps: CheckoutDeps): Promise<CheckoutOutcome> {
  const { text, toast, maintenance } = deps;
  const maintenanceToast = (message: string) =>
    toast({ title: text.maintenanceTitle, description: message, variant: 'destructive', durationMs: MAINTENANCE_TOAST_MS });

  if (maintenance?.enabled && maintenance.blockedActions.includes(deps.action)) {
    maintenanceToast(maintenance.message);
    return 'maintenance';
  }
  if (!deps.signedIn) {
    deps.openLogin();
    return 'login';
  }

  let url: string;
  try {
    ({ url } = await deps.request());
  } catch (failure) {
    const data = errorData(failure);
    if (data?.appCode === 'maintenance') {
      // The switch went on after this page loaded: the server's own text.
      maintenanceToast(failure instanceof Error ? failure.message : (maintenance?.message ?? ''));
      return 'maintenance';
    }
    if (data?.appCode === 'unauthorized' || data?.code === 'UNAUTHORIZED') {
      deps.openLogin();
      return 'login';
    }
    if (data?.appCode === 'payments_unavailable') {
      // No payment provider on this server (checkout 'off').
      toast({ title: text.unavailableTitle, description: text.unavailableBody, variant: 'destructive' });
      return 'unavailable';
    }
    toast({ title: text.failedTitle, description: describeRequestFailure('checkout', failure).message, variant: 'destructive' });
    return 'failed';
  }
  deps.navigate(url);
  return 'navigating';
}
