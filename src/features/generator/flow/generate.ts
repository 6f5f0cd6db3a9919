/**
 * One generation after the checks passed (core-flow §4): the `fake-` placeholder, the queue
 * notice for free users, the request (one idempotency key, reused on network retries), then the
 * polling task plus the server's pushed updates for asynchronous models, or the immediate result
 * (or an `error-` prediction) for synchronous ones. Plain TypeScript: the UI passes callbacks.
 */
import { describeRequestFailure } from '~/features/errors/request-error';
import { isNetworkFailure, newIdempotencyKey } from './failures';
import { isRunningStatus } from '~/features/predictions/status';
import { fromServer, type Prediction, type ShownPrediction } from '~/features/predictions/types';
import type { ToastFn } from '~/features/toast/toast';
import type { Timers } from '~/utils/timers';
import { startPolling, type PollingTask } from './polling';
import type { FlowText } from './text';
import type { SubmitAnswer } from './types';

export type GenerationState = {
  prediction: ShownPrediction | null;
  generating: boolean;
  /** Seconds of queue wait to announce ('Queue wait time: ~{n}s'), free users only. */
  queueWaitSeconds: number | null;
};

export type GenerationApi = {
  submit: (body: Record<string, unknown>) => Promise<SubmitAnswer>;
  get: (id: string) => Promise<Prediction>;
  /** Server push of status changes; returns an unsubscribe function. */
  subscribe?: (id: string, onData: (prediction: Prediction) => void) => () => void;
};

export type GenerationOptions = {
  /** The request body: form values plus model_id, pageId, appId, credit_to_consume. */
  body: Record<string, unknown>;
  sync: boolean;
  /** The tool's own failure text for synchronous models (e.g. 'Failed to generate caption.'). */
  syncFailureMessage?: string;
  outputType: string;
  outputNum: number;
  premium: boolean;
  /** The model's wait for this user (waitTimeFor) and its estimated duration. */
  waitSeconds: number;
  estimatedSeconds: number;
  timeScale: number;
  api: GenerationApi;
  toast: ToastFn;
  text: FlowText;
  timers: Timers;
  onState: (state: GenerationState) => void;
  /** Credits changed: the new balance when known, else refetch. */
  onCredits: (credits?: number) => void;
  /** The server took the job and it is running (it now shows in the creation lists too). */
  onSubmitted?: (prediction: ShownPrediction) => void;
  /** The generation ended (any final status). */
  onFinished?: (prediction: ShownPrediction) => void;
  newKey?: () => string;
  /** Extra attempts after a network failure of the submit call, and the (unscaled) pause between them. */
  retries?: number;
  retryDelayMs?: number;
  now?: () => number;
  random?: () => number;
};

export type GenerationHandle = {
  /** Resolves once the request settled (success, failure, or the result for sync models). */
  submitted: Promise<void>;
  /** Stops polling and listening (unmount); the server keeps the job. */
  dispose: () => void;
};

const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 1000;

export function placeholderId(random: () => number = Math.random): string {
  return `fake-${random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
}

export function startGeneration(options: GenerationOptions): GenerationHandle {
  const { api, text, toast, timers, timeScale } = options;
  const now = options.now ?? Date.now;
  let disposed = false;
  let polling: PollingTask | null = null;
  let unsubscribe: (() => void) | null = null;
  let state: GenerationState = { prediction: null, generating: true, queueWaitSeconds: null };

  const set = (patch: Partial<GenerationState>) => {
    if (disposed) return;
    state = { ...state, ...patch };
    options.onState(state);
  };

  const stopListening = () => {
    polling?.stop();
    polling = null;
    unsubscribe?.();
    unsubscribe = null;
  };

  const finish = (prediction: ShownPrediction) => {
    stopListening();
    set({ prediction, generating: false, queueWaitSeconds: null });
    if (prediction.status === 'failed') {
      toast({ title: text.generationFailedTitle, description: prediction.error || text.unknownError, variant: 'destructive' });
    }
    options.onCredits();
    options.onFinished?.(prediction);
  };

  // Step 2: the placeholder. Step 3: the queue notice, free users only.
  set({
    prediction: {
      id: placeholderId(options.random),
      status: 'processing',
      error: null,
      outputNum: options.outputNum,
      outputType: options.outputType,
      display: null,
      queue: { waitSeconds: options.waitSeconds, estimatedSeconds: options.estimatedSeconds },
      // Until the server answers: the wait ahead plus the model's estimated duration.
      report: { progress: null, etaSeconds: options.waitSeconds + options.estimatedSeconds, queuePosition: null, receivedAt: now() },
    },
    generating: true,
    queueWaitSeconds: !options.premium && options.waitSeconds > 0 ? options.waitSeconds : null,
  });

  const key = (options.newKey ?? newIdempotencyKey)();
  const body = { ...options.body, idempotency_key: key };

  const submitWithRetry = async (): Promise<SubmitAnswer> => {
    const retries = options.retries ?? DEFAULT_RETRIES;
    for (let attempt = 0; ; attempt++) {
      try {
        return await api.submit(body);
      } catch (failure) {
        if (disposed || attempt >= retries || !isNetworkFailure(failure)) throw failure;
        const pause = Math.max(50, (options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS) * (attempt + 1) * timeScale);
        await new Promise<void>((resolve) => timers.setTimeout(resolve, pause));
      }
    }
  };

  const submitted = (async () => {
    let answer: SubmitAnswer;
    try {
      answer = await submitWithRetry();
    } catch (failure) {
      if (disposed) return;
      const { message, error } = describeRequestFailure('generation', failure);
      // The server refused for want of credits (a balance moved since the check): the way to buy more.
      const link = error === 'insufficient_credits' ? { link: text.buyCredits } : {};
      if (options.sync) {
        // Synchronous models: an `error-` prediction and 'Generation Failed'.
        const failed: ShownPrediction = { ...baseFailed(options), id: `error-${now()}`, error: message };
        set({ prediction: failed, generating: false, queueWaitSeconds: null });
        toast({ title: text.syncFailedTitle, description: options.syncFailureMessage ?? message, variant: 'destructive', ...link });
      } else {
        const current = state.prediction ?? baseFailed(options);
        set({ prediction: { ...current, status: 'failed', error: message }, generating: false, queueWaitSeconds: null });
        toast({ title: text.asyncErrorTitle, description: message || text.unknownError, variant: 'destructive', ...link });
      }
      options.onCredits();
      return;
    }
    if (disposed) return;
    options.onCredits(answer.user_credits);

    const shown = fromServer(answer.prediction);
    if (options.sync || !isRunningStatus(answer.prediction.status)) {
      // Synchronous result (or an asynchronous job that already ended).
      const final = options.sync && answer.text && shown.display ? { ...shown, display: { ...shown.display, outputText: shown.display.outputText ?? answer.text } } : shown;
      set({ prediction: final, generating: false, queueWaitSeconds: null });
      if (final.status === 'failed') {
        const description = (options.sync ? options.syncFailureMessage : undefined) ?? (final.error || text.unknownError);
        toast({ title: options.sync ? text.syncFailedTitle : text.generationFailedTitle, description, variant: 'destructive' });
      }
      options.onFinished?.(final);
      return;
    }

    // Step 4: the real id, status and outputNum replace the placeholder.
    set({
      prediction: shown,
      queueWaitSeconds: state.queueWaitSeconds !== null && answer.prediction.status === 'pending' ? answer.prediction.queue.waitSeconds || state.queueWaitSeconds : null,
    });

    options.onSubmitted?.(shown);

    const onRunning = (prediction: Prediction) => {
      set({ prediction: fromServer(prediction), queueWaitSeconds: prediction.status === 'pending' ? state.queueWaitSeconds : null });
    };

    // Step 5–6: polling, with the server's push as the fast path.
    polling = startPolling({
      id: answer.id,
      timing: { waitSeconds: answer.prediction.queue.waitSeconds, estimatedSeconds: answer.prediction.queue.estimatedSeconds },
      timeScale,
      timers,
      fetch: api.get,
      onUpdate: onRunning,
      onDone: (prediction) => finish(fromServer(prediction)),
      onError: () => {
        stopListening();
        set({ generating: false, queueWaitSeconds: null });
        toast({ title: text.pollingErrorTitle, description: text.pollingErrorBody, variant: 'destructive' });
      },
    });
    if (api.subscribe) {
      try {
        unsubscribe = api.subscribe(answer.id, (prediction) => polling?.receive(prediction));
      } catch {
        unsubscribe = null; // polling stays as the fallback
      }
    }
  })();

  return {
    submitted,
    dispose: () => {
      stopListening();
      disposed = true;
    },
  };
}

function baseFailed(options: GenerationOptions): ShownPrediction {
  return { id: '', status: 'failed', error: null, outputNum: options.outputNum, outputType: options.outputType, display: null, queue: null };
}
