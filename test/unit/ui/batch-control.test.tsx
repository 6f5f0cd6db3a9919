// @vitest-environment jsdom
/**
 * The generator's Batch control (issue 38, items 1 and 6): prompts one per line and variations,
 * the total on the button from the same cost rule as one generation, the request it sends, the
 * credit check before it, the batch grouped with its count, and the tab title counting it while it
 * runs.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';
import { signalCompletion } from '~/features/progress/completion-signal';
import { generatorData } from '~/server/pages/page-props';
import type { Prediction } from '~/features/predictions/types';
import { resetFakes } from './helpers/fakes';
import { predictionFixture } from './helpers/prediction';
import { inputsTo, renderWithProviders, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';
import { findToast } from './helpers/toasts';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const IDS = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'];

function batchAnswer(done: number) {
  const items: Prediction[] = IDS.map((id, i) =>
    predictionFixture({ id, status: i < done ? 'succeeded' : 'pending', display: { prompt: `p${Math.floor(i / 2)}`, inputImages: [], outputType: 'image', outputText: null, outputMedia: [] } }),
  );
  return {
    id: 'batch-1',
    modelId: 'flux-schnell',
    modelName: 'FLUX Schnell',
    prompts: 3,
    variations: 2,
    cost: 6,
    createdAt: new Date(0),
    canceledAt: null,
    itemCount: 6,
    done,
    succeeded: done,
    failed: 0,
    state: done === 6 ? ('completed' as const) : ('running' as const),
    itemIds: IDS,
    items,
  };
}

function setup(credits: number) {
  const calls: { path: string; input: unknown }[] = [];
  const state = { done: 2 };
  const handlers: Handlers = {
    'system.status': () => ({ ...SYSTEM_STATUS, timeScale: 0.01 }),
    'user.details': () => userDetails({ credits }),
    'prediction.recent': () => [],
    'prediction.onUpdate': () => undefined,
    'generation.submitBatch': () => ({ batch_id: 'batch-1', ids: IDS, user_credits: credits - 6 }),
    'generation.batch': () => batchAnswer(state.done),
  };
  return { calls, handlers, state };
}

async function fillBatch() {
  await screen.findByTestId('dynamic-form');
  fireEvent.click(await screen.findByRole('switch', { name: 'Batch: many prompts in one go' }));
  fireEvent.change(await screen.findByLabelText('Prompts, one per line'), { target: { value: 'a fox\n\n  an owl \na hare' } });
  fireEvent.change(screen.getByLabelText('Variations of each prompt'), { target: { value: '2' } });
}

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe('the Batch control', () => {
  it('shows the total on the button, sends one batch with its prompts, and groups it with its count while the title counts it', async () => {
    const s = setup(10);
    document.title = 'FLUX Schnell · Lumen Studio';
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await fillBatch();
    await waitFor(() => expect(screen.getByTestId('generate-button').textContent).toBe('Generate 6 · 6 credits'));
    expect(screen.getByTestId('credit-cost').textContent).toBe('6');
    expect(screen.getByTestId('batch-prompt-count').textContent).toBe('3 prompts of 50');
    await waitFor(() => expect(s.calls.some((c) => c.path === 'user.details')).toBe(true));
    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));

    const [sent] = inputsTo<Record<string, unknown>>(s.calls, 'generation.submitBatch');
    expect(sent).toMatchObject({ model_id: 'flux-schnell', prompts: ['a fox', 'an owl', 'a hare'], variations: 2, credit_to_consume: 6, prompt: 'a fox' });
    expect(typeof sent!.idempotency_key).toBe('string');
    expect(await screen.findByTestId('batch-done')).toHaveProperty('textContent', '2 of 6 done');
    expect(screen.getAllByTestId('batch-item')).toHaveLength(6);
    await waitFor(() => expect(document.title).toBe('(2/6) FLUX Schnell · Lumen Studio'));

    s.state.done = 6;
    await waitFor(() => expect(screen.getByTestId('batch-done').textContent).toBe('6 of 6 done'));
    await waitFor(() => expect(document.title).toBe('FLUX Schnell · Lumen Studio'));
    expect(screen.queryByTestId('batch-cancel')).toBeNull();
    expect(screen.getByTestId('batch-download').getAttribute('href')).toBe('/api/creations/archive?batch=batch-1');
  });

  it('with credits for 5 of 6: "Insufficient credits" with the total, nothing sent', async () => {
    const s = setup(5);
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await fillBatch();
    await waitFor(() => expect(s.calls.some((c) => c.path === 'user.details')).toBe(true));
    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
    expect(await findToast('Insufficient credits')).toMatchObject({ description: 'This batch needs 6 credits, but you only have 5.', variant: 'destructive' });
    expect(s.calls.some((c) => c.path === 'generation.submitBatch')).toBe(false);
  });

  it('a hidden tab hears of the batch once, when it all ends, never of its items one by one', async () => {
    const shown: { title: string; options: NotificationOptions }[] = [];
    class RecordingNotification {
      static permission: NotificationPermission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options });
      }
      close() {}
    }
    vi.stubGlobal('Notification', RecordingNotification);
    window.localStorage.setItem('studio.notifyWhenReady', '1');
    try {
      const s = setup(10);
      renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
      await fillBatch();
      await waitFor(() => expect(s.calls.some((c) => c.path === 'user.details')).toBe(true));
      await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
      await screen.findByTestId('batch-done');
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      // An item ending, as a list of creations would report it: the batch stands for it.
      signalCompletion({ id: 'g1', succeeded: true }, { readyTitle: 'item ready', failedTitle: 'item failed', readyBody: 'item', failedBody: 'item' });
      expect(shown).toEqual([]);
      s.state.done = 6;
      await waitFor(() => expect(shown).toEqual([{ title: '✓ Batch ready — Lumen Studio', options: { body: 'Your batch is ready.', tag: 'studio-batch-1' } }]));
      expect(document.title).toBe('✓ Batch ready — Lumen Studio');
    } finally {
      vi.unstubAllGlobals();
      window.localStorage.clear();
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
});
