/** core-flow §4: placeholder, queue notice, idempotent retries, polling + push, sync models. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startGeneration, type GenerationOptions, type GenerationState } from '~/features/generator/flow/generate';
import type { SubmitAnswer } from '~/features/generator/flow/types';
import type { Prediction } from '~/features/predictions/types';
import { realTimers } from '~/utils/timers';
import { englishFlowText } from './helpers/flow-text';
import { networkError, serverError } from './helpers/providers';

function prediction(status: string, overrides: Partial<Prediction> = {}): Prediction {
  return {
    id: 'gen-1',
    status,
    error: null,
    createdAt: new Date(0),
    completedAt: null,
    outputNum: 2,
    modelId: 'flux-schnell',
    mode: null,
    appId: 'flux-schnell',
    cost: 2,
    isPublic: true,
    isOwner: true,
    queue: { dispatchAt: new Date(0), waitSeconds: 60, estimatedSeconds: 20 },
    progress: null,
    etaSeconds: null,
    queuePosition: null,
    display: { prompt: 'a fox', inputImages: [], outputType: 'image', outputText: null, outputMedia: status === 'succeeded' ? [{ publicUrl: 'https://x/a.png', thumbnailUrl: null, contentType: 'image/png' }] : [] },
    ...overrides,
  } as Prediction;
}

function answer(p: Prediction, credits = 98, text: string | null = null): SubmitAnswer {
  return { id: p.id, status: p.status, outputNum: p.outputNum, user_credits: credits, text, prediction: p } as SubmitAnswer;
}

function setup(overrides: Partial<GenerationOptions> = {}) {
  const states: GenerationState[] = [];
  const pushes: ((p: Prediction) => void)[] = [];
  const options: GenerationOptions = {
    body: { prompt: 'a fox', num_outputs: 2, model_id: 'flux-schnell', credit_to_consume: 2 },
    sync: false,
    outputType: 'image',
    outputNum: 2,
    premium: false,
    waitSeconds: 60,
    estimatedSeconds: 20,
    timeScale: 1,
    api: {
      submit: vi.fn(async () => answer(prediction('pending'))),
      get: vi.fn(async () => prediction('succeeded')),
      subscribe: vi.fn((_id: string, onData: (p: Prediction) => void) => {
        pushes.push(onData);
        return vi.fn();
      }),
    },
    toast: vi.fn(),
    text: englishFlowText(),
    timers: realTimers,
    onState: (s) => states.push(s),
    onCredits: vi.fn(),
    onFinished: vi.fn(),
    newKey: vi.fn(() => 'key-0123456789'),
    ...overrides,
  };
  return { options, states, pushes, last: () => states[states.length - 1]! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('asynchronous generation', () => {
  it('shows a fake- placeholder with the queue notice, swaps in the real id, then the pushed result', async () => {
    const s = setup();
    const handle = startGeneration(s.options);
    expect(s.states[0]).toMatchObject({ generating: true, queueWaitSeconds: 60, prediction: { status: 'processing', outputNum: 2 } });
    expect(s.states[0]!.prediction!.id).toMatch(/^fake-/);
    await handle.submitted;
    expect(s.options.api.submit).toHaveBeenCalledWith(expect.objectContaining({ idempotency_key: 'key-0123456789', credit_to_consume: 2 }));
    expect(s.options.onCredits).toHaveBeenCalledWith(98);
    expect(s.last()).toMatchObject({ generating: true, queueWaitSeconds: 60, prediction: { id: 'gen-1', status: 'pending' } });
    // The server pushes: processing hides the queue notice, succeeded ends the flow.
    s.pushes[0]!(prediction('processing'));
    expect(s.last()).toMatchObject({ queueWaitSeconds: null, prediction: { status: 'processing' } });
    s.pushes[0]!(prediction('succeeded'));
    expect(s.last()).toMatchObject({ generating: false, prediction: { status: 'succeeded' } });
    expect(s.options.onFinished).toHaveBeenCalledTimes(1);
    expect(s.options.toast).not.toHaveBeenCalled();
    // Polling ended with it.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(s.options.api.get).not.toHaveBeenCalled();
  });

  it('premium users never see the queue notice', async () => {
    const s = setup({ premium: true, waitSeconds: 10 });
    await startGeneration(s.options).submitted;
    expect(s.states.every((st) => st.queueWaitSeconds === null)).toBe(true);
  });

  it('falls back to polling: first poll after wait + estimate, then every 60 s', async () => {
    const get = vi.fn().mockResolvedValueOnce(prediction('processing')).mockResolvedValueOnce(prediction('succeeded'));
    const s = setup({ api: { submit: vi.fn(async () => answer(prediction('pending'))), get } });
    await startGeneration(s.options).submitted;
    await vi.advanceTimersByTimeAsync(79_000);
    expect(get).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(get).toHaveBeenCalledTimes(2);
    expect(s.last()).toMatchObject({ generating: false, prediction: { status: 'succeeded' } });
  });

  it("a failed result shows 'Generation failed' with its error (else 'Unknown error') and refreshes credits (refund)", async () => {
    const s = setup();
    await startGeneration(s.options).submitted;
    s.pushes[0]!(prediction('failed', { error: 'NSFW content detected.' }));
    expect(s.options.toast).toHaveBeenCalledWith({ title: 'Generation failed', description: 'NSFW content detected.', variant: 'destructive' });
    expect(s.options.onCredits).toHaveBeenLastCalledWith();
    const t = setup();
    await startGeneration(t.options).submitted;
    t.pushes[0]!(prediction('failed'));
    expect(t.options.toast).toHaveBeenCalledWith({ title: 'Generation failed', description: 'Unknown error', variant: 'destructive' });
  });

  it("a polling fetch error shows 'Polling Error' and stops", async () => {
    const s = setup({ api: { submit: vi.fn(async () => answer(prediction('pending'))), get: vi.fn(async () => Promise.reject(networkError())) } });
    await startGeneration(s.options).submitted;
    await vi.advanceTimersByTimeAsync(80_000);
    expect(s.options.toast).toHaveBeenCalledWith({ title: 'Polling Error', description: 'An error occurred while fetching the result. Please check your creations page later.', variant: 'destructive' });
    expect(s.last().generating).toBe(false);
  });

  it('retries a submit that never reached the server with the SAME idempotency key', async () => {
    const submit = vi.fn().mockRejectedValueOnce(networkError()).mockRejectedValueOnce(networkError()).mockResolvedValueOnce(answer(prediction('pending')));
    const s = setup({ api: { submit, get: vi.fn() } });
    const handle = startGeneration(s.options);
    await vi.advanceTimersByTimeAsync(5_000);
    await handle.submitted;
    expect(submit).toHaveBeenCalledTimes(3);
    const keys = submit.mock.calls.map((c) => (c[0] as { idempotency_key: string }).idempotency_key);
    expect(new Set(keys)).toEqual(new Set(['key-0123456789']));
    expect(s.options.newKey).toHaveBeenCalledTimes(1);
  });

  it('each generation (Generate click) draws a fresh key', async () => {
    let n = 0;
    const newKey = vi.fn(() => `key-${String(++n).padStart(10, '0')}`);
    const submit = vi.fn(async (_body: Record<string, unknown>) => answer(prediction('succeeded')));
    await startGeneration(setup({ newKey, api: { submit, get: vi.fn() } }).options).submitted;
    await startGeneration(setup({ newKey, api: { submit, get: vi.fn() } }).options).submitted;
    expect(submit.mock.calls.map((c) => (c[0] as { idempotency_key: string }).idempotency_key)).toEqual(['key-0000000001', 'key-0000000002']);
  });

  it("a server refusal does not retry: the placeholder fails with the error and 'An error occurred' shows, leading to /pricing", async () => {
    const submit = vi.fn(async () => Promise.reject(serverError('Insufficient credits.', 'insufficient_credits', 402)));
    const s = setup({ api: { submit, get: vi.fn() } });
    await startGeneration(s.options).submitted;
    expect(submit).toHaveBeenCalledTimes(1);
    expect(s.last()).toMatchObject({ generating: false, queueWaitSeconds: null, prediction: { status: 'failed', error: 'Insufficient credits.' } });
    expect(s.last().prediction!.id).toMatch(/^fake-/);
    expect(s.options.toast).toHaveBeenCalledWith({ title: 'An error occurred', description: 'Insufficient credits.', variant: 'destructive', link: { label: 'Buy credits', href: '/pricing' } });
  });
});

describe('synchronous generation', () => {
  it('shows the returned succeeded prediction with its text', async () => {
    const done = prediction('succeeded', { id: 'gen-sync', outputNum: 1, display: { prompt: null, inputImages: ['https://x/in.png'], outputType: 'text', outputText: null, outputMedia: [] } });
    const s = setup({ sync: true, outputType: 'text', outputNum: 1, api: { submit: vi.fn(async () => answer(done, 99, 'A cat on a sofa.')), get: vi.fn() } });
    await startGeneration(s.options).submitted;
    expect(s.last()).toMatchObject({ generating: false, prediction: { id: 'gen-sync', status: 'succeeded', display: { outputText: 'A cat on a sofa.' } } });
    expect(s.options.api.get).not.toHaveBeenCalled();
  });

  it("an error shows an error- prediction and 'Generation Failed'", async () => {
    const s = setup({ sync: true, outputType: 'text', outputNum: 1, now: () => 1234, api: { submit: vi.fn(async () => Promise.reject(serverError('The model could not generate a result.', 'provider_error', 502))), get: vi.fn() } });
    await startGeneration(s.options).submitted;
    expect(s.last()).toMatchObject({ generating: false, prediction: { id: 'error-1234', status: 'failed', error: 'Error in generation: The model could not generate a result.' } });
    expect(s.options.toast).toHaveBeenCalledWith({ title: 'Generation Failed', description: 'Error in generation: The model could not generate a result.', variant: 'destructive' });
  });

  it("a captioning failure says 'Failed to generate caption.' while the panel keeps the reason", async () => {
    const submit = vi.fn(async () => Promise.reject(serverError('The model could not generate a result.', 'provider_error', 502)));
    const s = setup({ sync: true, syncFailureMessage: 'Failed to generate caption.', outputType: 'text', outputNum: 1, now: () => 99, api: { submit, get: vi.fn() } });
    await startGeneration(s.options).submitted;
    expect(s.last().prediction).toMatchObject({ id: 'error-99', error: 'Error in generation: The model could not generate a result.' });
    expect(s.options.toast).toHaveBeenCalledWith({ title: 'Generation Failed', description: 'Failed to generate caption.', variant: 'destructive' });
  });
});
