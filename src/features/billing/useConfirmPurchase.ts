/**
 * /billing/success (issue 19 items 2, 10): confirms the checkout named by `session_id` through
 * billing.confirm, which grants what was paid exactly once (the webhook may already have). Once
 * granted, the header's balance shows the new figure at once (no reload), and every view of the
 * balance, the plan and the purchases is refreshed. 'pending' keeps asking (flow/confirm-until-settled.ts).
 */
import { useEffect, useState } from 'react';
import { useSessionStatus } from '~/features/auth/session-status';
import { describeRequestFailure } from '~/features/errors/request-error';
import { realTimers } from '~/utils/timers';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { trpc } from '~/utils/trpc';
import { confirmUntilSettled } from './flow/confirm-until-settled';
import type { ConfirmAnswer } from './types';

export type ConfirmView =
  | { phase: 'missing' }
  | { phase: 'signedOut' }
  | { phase: 'confirming' }
  | { phase: 'answered'; answer: ConfirmAnswer }
  | { phase: 'failed'; message: string };

export function useConfirmPurchase(sessionId: string | null): ConfirmView {
  const session = useSessionStatus();
  const { timeScale } = useSystemStatus();
  const utils = trpc.useUtils();
  const [result, setResult] = useState<{ sessionId: string; view: ConfirmView } | null>(null);
  const active = session === 'authenticated' && sessionId !== null;

  useEffect(() => {
    if (!active || sessionId === null) return;
    const loop = confirmUntilSettled({
      confirm: () => utils.client.billing.confirm.mutate({ sessionId }),
      onAnswer: async (answer) => {
        setResult({ sessionId, view: { phase: 'answered', answer } });
        if (answer.state !== 'granted') return;
        // A request for the user that left before this grant would answer the old balance: drop it.
        await utils.user.details.cancel();
        utils.user.details.setData(undefined, (old) => (old ? { ...old, credits: answer.balance } : old));
        utils.credits.balance.setData(undefined, { credits: answer.balance });
        // A plan also changes premium; the lists gain a row.
        void utils.user.details.invalidate();
        void utils.credits.invalidate();
        void utils.billing.status.invalidate();
        void utils.billing.purchases.invalidate();
      },
      onError: (failure) => setResult({ sessionId, view: { phase: 'failed', message: describeRequestFailure('payment confirmation', failure).message } }),
      timers: realTimers,
      timeScale,
    });
    return () => loop.dispose();
  }, [active, sessionId, utils, timeScale]);

  if (sessionId === null) return { phase: 'missing' };
  if (session === 'unauthenticated') return { phase: 'signedOut' };
  if (result?.sessionId === sessionId) return result.view;
  return { phase: 'confirming' };
}
