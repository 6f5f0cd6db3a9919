/**
 * Wires Buy and Manage subscription (flow/start-checkout.ts) to the app: session, sign-in modal,
 * maintenance switch, the billing procedures and the browser's navigation. A page keeps one busy
 * key at a time (the pack's id, 'subscribe' or 'manage'); it stays busy while the browser leaves.
 */
import { useRouter } from 'next/router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSessionStatus } from '~/features/auth/session-status';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { showToast } from '~/features/toast/toast';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { startCheckout, type BillingAction, type CheckoutText } from './flow/start-checkout';

export function useCheckout() {
  const t = useTranslations('billing.checkout');
  const tMaintenance = useTranslations('maintenance');
  const text = useMemo<CheckoutText>(
    () => ({ maintenanceTitle: tMaintenance('title'), unavailableTitle: t('unavailableTitle'), unavailableBody: t('unavailableBody'), failedTitle: t('failedTitle') }),
    [t, tMaintenance],
  );
  const status = useSessionStatus();
  const signIn = useSignInModal();
  const router = useRouter();
  const system = useSystemStatus();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState<string | null>(null);

  // Back from the provider's page, the browser may restore this page as it was left: busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setBusy(null);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const navigate = useCallback(
    (url: string) => {
      // Our own pages (the local checkout) open in the app; the provider's hosted pages by a full load.
      if (url.startsWith('/') && !url.startsWith('//')) void router.push(url);
      else window.location.assign(url);
    },
    [router],
  );

  const run = useCallback(
    async (key: string, action: BillingAction, request: () => Promise<{ url: string }>) => {
      if (busy) return;
      setBusy(key);
      let outcome: Awaited<ReturnType<typeof startCheckout>> = 'failed';
      try {
        const maintenance = system.loaded ? system.maintenance : ((await utils.system.status.fetch().catch(() => null))?.maintenance ?? null);
        outcome = await startCheckout({
          action,
          maintenance,
          signedIn: status === 'authenticated',
          openLogin: () => signIn.open(pathWithoutLocale(router.asPath, router.locales ?? [])),
          request,
          navigate,
          toast: showToast,
          text,
        });
      } finally {
        if (outcome !== 'navigating') setBusy(null);
      }
    },
    [busy, system, utils, status, signIn, router, navigate, text],
  );

  /** A pack (a purchase) or the plan (a subscription). */
  const buy = useCallback(
    (item: string, kind: 'pack' | 'plan') =>
      run(kind === 'plan' ? 'subscribe' : item, kind === 'plan' ? 'subscription' : 'purchase', () => utils.client.billing.checkout.mutate({ item })),
    [run, utils],
  );
  const manage = useCallback(() => run('manage', 'subscription', () => utils.client.billing.portal.mutate()), [run, utils]);

  return { buy, manage, busy };
}
