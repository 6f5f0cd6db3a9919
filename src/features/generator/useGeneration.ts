/**
 * Wires the plain generation flow (flow/*) to the app: session, user details, sign-in modal,
 * system status, tRPC client, toasts. Components only call `generate` and read `state`.
 */
import { useSessionStatus } from '~/features/auth/session-status';
import { useTranslations } from '~/i18n';
import { useRouter } from 'next/router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  checkInput,
  creditCostFor,
  estimatedDurationFor,
  outputCountFor,
  waitTimeFor,
  type PublicModelDefinition as ModelDefinition,
} from '~/catalogue/public';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import type { FormValues } from '~/features/form/controls/types';
import { announceRefusal } from '~/features/form/refusal-relay';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { useCompletionSignal } from '~/features/progress/useCompletionSignal';
import { showToast } from '~/features/toast/toast';
import { useUserDetails, type UserDetails } from '~/features/user/useUserDetails';
import { trpc } from '~/utils/trpc';
import { runPreflightChecks } from './flow/checks';
import { startGeneration, type GenerationHandle, type GenerationState } from './flow/generate';
import { flowText } from './flow/text';
import type { ShownPrediction } from '~/features/predictions/types';
import { realTimers } from '~/utils/timers';

export type GenerateArgs = { model: ModelDefinition; request: FormValues; appId: string; skipCreditCheck?: boolean };

const IDLE: GenerationState = { prediction: null, generating: false, queueWaitSeconds: null };

export function useGeneration(options: { onFinished?: (prediction: ShownPrediction) => void } = {}) {
  const t = useTranslations('generator.flow');
  const text = useMemo(() => flowText((key, values) => t(key as never, values as never)), [t]);
  const status = useSessionStatus();
  const { user } = useUserDetails();
  const signIn = useSignInModal();
  const router = useRouter();
  const utils = trpc.useUtils();
  const system = useSystemStatus();
  const signalCompletion = useCompletionSignal();
  const [state, setState] = useState<GenerationState>(IDLE);
  const [checking, setChecking] = useState(false);
  const handle = useRef<GenerationHandle | null>(null);
  const onFinishedRef = useRef(options.onFinished);
  onFinishedRef.current = options.onFinished;

  useEffect(() => () => handle.current?.dispose(), []);

  const onCredits = useCallback(
    (credits?: number) => {
      if (typeof credits === 'number') {
        utils.user.details.setData(undefined, (old) => (old ? { ...old, credits } : old));
      }
      void utils.user.details.invalidate();
    },
    [utils],
  );

  const generate = useCallback(
    async ({ model, request, appId, skipCreditCheck }: GenerateArgs) => {
      if (checking || state.generating) return;
      const locales = router.locales ?? [];
      const currentPath = pathWithoutLocale(router.asPath, locales);
      const cost = creditCostFor(model, request);
      const body: Record<string, unknown> = {
        ...request,
        model_id: model.id,
        appId,
        pageId: (currentPath.split(/[?#]/)[0] ?? '/').slice(0, 200),
        credit_to_consume: cost,
      };
      setChecking(true);
      let details: UserDetails | null = user;
      let passed = false;
      try {
        const maintenance = system.loaded ? system.maintenance : ((await utils.system.status.fetch().catch(() => null))?.maintenance ?? null);
        const loggedIn = status === 'authenticated';
        if (loggedIn && !details) details = await utils.user.details.fetch().catch(() => null);
        const result = await runPreflightChecks({
          maintenance,
          loggedIn,
          openLogin: () => signIn.open(currentPath),
          validate: () => checkInput(model, request),
          sync: model.sync === true,
          cost,
          userCredits: details?.credits,
          skipCreditCheck,
          serverCheck: () =>
            (model.sync
              ? utils.client.generation.checkSync.mutate({ ...body, skip_credit_check: skipCreditCheck })
              : utils.client.generation.check.mutate({ ...body, skip_credit_check: skipCreditCheck })
            ).catch((failure: unknown) => {
              // A refused photo (no face) is shown on its field, beside the check's toast.
              announceRefusal(failure);
              throw failure;
            }),
          toast: showToast,
          text,
        });
        passed = result.ok;
      } finally {
        setChecking(false);
      }
      if (!passed) return;

      const premium = details?.premium === true;
      handle.current?.dispose();
      handle.current = startGeneration({
        body,
        sync: model.sync === true,
        syncFailureMessage: model.ui.syncFailureMessage,
        outputType: model.ui.outputType,
        outputNum: outputCountFor(model, request),
        premium,
        waitSeconds: waitTimeFor(model, premium),
        estimatedSeconds: estimatedDurationFor(model, request),
        timeScale: system.timeScale,
        api: {
          submit: (b) => utils.client.generation.submit.mutate(b),
          get: (id) => utils.client.prediction.get.query({ id }),
          subscribe: (id, onData) => {
            const subscription = utils.client.prediction.onUpdate.subscribe({ ids: [id] }, { onData, onError: () => undefined });
            return () => subscription.unsubscribe();
          },
        },
        toast: showToast,
        text,
        timers: realTimers,
        onState: setState,
        onCredits,
        // The running job shows (with its progress) in Recent Creations and /creations at once.
        onSubmitted: () => {
          void utils.prediction.recent.invalidate();
          void utils.prediction.list.invalidate();
        },
        onFinished: (prediction) => {
          void utils.prediction.recent.invalidate();
          void utils.prediction.list.invalidate();
          signalCompletion(prediction);
          onFinishedRef.current?.(prediction);
        },
      });
    },
    [checking, state.generating, router, user, system, utils, status, signIn, text, onCredits, signalCompletion],
  );

  const reset = useCallback(() => {
    handle.current?.dispose();
    handle.current = null;
    setState(IDLE);
  }, []);

  return { state, checking, busy: checking || state.generating, generate, reset };
}
