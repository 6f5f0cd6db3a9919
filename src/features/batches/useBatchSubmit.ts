/**
 * Submitting the generator's form as a batch: the same preflight as one generation (maintenance,
 * sign-in, the credits the person has against the batch's total), then generation.submitBatch with
 * a key for this press of the button, so a retried request makes one batch. What comes back is the
 * batch to show; a refusal is a toast with the server's words, and nothing was charged.
 */
import { useCallback, useState } from 'react';
import { useTranslations } from '~/i18n';
import { useSessionStatus } from '~/features/auth/session-status';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { describeRequestFailure, serverMessage } from '~/features/errors/request-error';
import { isBlocked, useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { signalAsOne } from '~/features/progress/completion-signal';
import { showToast } from '~/features/toast/toast';
import { useUserDetails } from '~/features/user/useUserDetails';
import { trpc } from '~/utils/trpc';

export type BatchSubmission = { body: Record<string, unknown>; prompts: string[]; variations: number; credits: number; signInPath: string };

export function useBatchSubmit(onSubmitted: (batchId: string) => void) {
  const t = useTranslations('batch');
  const tFlow = useTranslations('generator.flow');
  const status = useSessionStatus();
  const signIn = useSignInModal();
  const system = useSystemStatus();
  const { user } = useUserDetails();
  const utils = trpc.useUtils();
  const [sending, setSending] = useState(false);

  const submit = useCallback(
    async ({ body, prompts, variations, credits, signInPath }: BatchSubmission) => {
      if (sending) return;
      if (isBlocked(system.maintenance, 'generate')) {
        showToast({ title: tFlow('maintenanceTitle'), description: system.maintenance?.message, variant: 'destructive' });
        return;
      }
      if (status !== 'authenticated') {
        signIn.open(signInPath);
        return;
      }
      if (user && user.credits < credits) {
        showToast({ title: t('insufficientTitle'), description: t('insufficientBody', { needed: credits, available: user.credits }), variant: 'destructive' });
        return;
      }
      setSending(true);
      try {
        const answer = await utils.client.generation.submitBatch.mutate({ ...body, prompts, variations, credit_to_consume: credits, idempotency_key: crypto.randomUUID() });
        signalAsOne(answer.ids);
        utils.user.details.setData(undefined, (old) => (old ? { ...old, credits: answer.user_credits } : old));
        void utils.prediction.recent.invalidate();
        void utils.prediction.list.invalidate();
        void utils.generation.batches.invalidate();
        onSubmitted(answer.batch_id);
      } catch (failure) {
        showToast({ title: t('refusedTitle'), description: serverMessage(failure) ?? describeRequestFailure('batch', failure).message, variant: 'destructive' });
      } finally {
        setSending(false);
      }
    },
    [sending, system.maintenance, status, signIn, user, utils, t, tFlow, onSubmitted],
  );

  return { submit, sending };
}
