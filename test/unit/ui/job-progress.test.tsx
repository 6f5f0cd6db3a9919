// @vitest-environment jsdom
/**
 * Progress as a person sees it (fake timers drive the clock): the free-tier countdown in place,
 * then the bar with the time left; late jobs said to be late; running creations kept moving in
 * /creations by pushed updates; the hidden tab's title and the opted-in notification.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getModel, publicModelDefinition } from '~/catalogue';
import { creationsPageData } from '~/server/pages/page-props';
import { CreationsBrowser } from '~/features/creations/CreationsBrowser';
import type { Prediction, ShownPrediction } from '~/features/predictions/types';
import { OutputArea } from '~/features/outputs/OutputArea';
import { signalCompletion } from '~/features/progress/completion-signal';
import { JobProgress } from '~/features/progress/JobProgress';
import { resetFakes } from './helpers/fakes';
import { asCreation, predictionFixture } from './helpers/prediction';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const schnell = publicModelDefinition(getModel('flux-schnell')!);
const STATUS: Handlers = { 'system.status': () => SYSTEM_STATUS };

beforeEach(() => {
  resetFakes();
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function seconds(n: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(n * 1000);
  });
}

function bar(): HTMLElement {
  return screen.getByRole('progressbar', { name: 'Generation progress' });
}

function shown(overrides: Partial<ShownPrediction> = {}): ShownPrediction {
  return { id: 'gen-1', status: 'pending', error: null, outputNum: 1, outputType: 'image', display: null, queue: { waitSeconds: 60, estimatedSeconds: 20 }, report: { progress: null, etaSeconds: 80, queuePosition: null, receivedAt: Date.now() }, ...overrides };
}

describe('the output area while a job runs', () => {
  it("a free user's wait counts down each second in place, then the bar takes over with the time left", async () => {
    renderWithProviders(<OutputArea prediction={shown()} model={schnell} queueWaitSeconds={60} estimatedSeconds={20} />, { handlers: STATUS });
    expect(screen.getByTestId('queue-notice').textContent).toBe('Queue wait time: ~60s');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await seconds(1);
    expect(screen.getByTestId('queue-notice').textContent).toBe('Queue wait time: ~59s');
    await seconds(2);
    expect(screen.getByTestId('queue-notice').textContent).toBe('Queue wait time: ~57s');
    await seconds(57);
    expect(screen.queryByTestId('queue-notice')).toBeNull();
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('job-progress-label').textContent).toBe('~20s left');
    await seconds(5);
    expect(bar().getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('job-progress-label').textContent).toBe('~15s left');
  });

  it('a premium user (no notice) sees the bar from the start', async () => {
    renderWithProviders(<OutputArea prediction={shown({ report: { progress: null, etaSeconds: 30, queuePosition: null } })} model={schnell} queueWaitSeconds={null} estimatedSeconds={20} />, { handlers: STATUS });
    expect(screen.queryByTestId('queue-notice')).toBeNull();
    expect(screen.getByTestId('job-progress-label').textContent).toBe('~30s left');
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
  });
});

describe('JobProgress', () => {
  it('fills from the provider’s fraction toward the announced end, then says it is late instead of sitting at 99 %', async () => {
    renderWithProviders(<JobProgress jobId="gen-1" report={{ progress: 0.5, etaSeconds: 10, queuePosition: null }} estimatedSeconds={20} />, { handlers: STATUS });
    expect(bar().getAttribute('aria-valuenow')).toBe('50');
    expect(bar().getAttribute('aria-valuetext')).toBe('50% · ~10s left');
    await seconds(5);
    expect(bar().getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByTestId('job-progress-label').textContent).toBe('~5s left');
    await seconds(7);
    expect(screen.getByTestId('job-progress-label').textContent).toBe('Almost done...');
    await seconds(5);
    expect(screen.getByTestId('job-progress-label').textContent).toBe('Taking longer than usual');
    expect(bar().hasAttribute('aria-valuenow')).toBe(false);
    expect(bar().getAttribute('aria-valuetext')).toBe('Taking longer than usual');
  });

  it('never goes back when a later report is lower; a provider queue shows the place', async () => {
    const view = renderWithProviders(<JobProgress jobId="gen-1" report={{ progress: 0.6, etaSeconds: 20, queuePosition: null }} estimatedSeconds={60} />, { handlers: STATUS });
    expect(bar().getAttribute('aria-valuenow')).toBe('60');
    view.rerender(<JobProgress jobId="gen-1" report={{ progress: 0.4, etaSeconds: 30, queuePosition: null }} estimatedSeconds={60} />);
    expect(bar().getAttribute('aria-valuenow')).toBe('60');
    view.rerender(<JobProgress jobId="gen-2" report={{ progress: null, etaSeconds: null, queuePosition: 3 }} estimatedSeconds={60} />);
    expect(screen.getByTestId('job-progress-label').textContent).toBe("Position 3 in the provider's queue");
    expect(bar().hasAttribute('aria-valuenow')).toBe(false);
  });
});

function running(progress: number | null, etaSeconds: number | null, status: Prediction['status'] = 'processing') {
  return asCreation(
    predictionFixture({
      id: 'gen-run',
      status,
      createdAt: new Date(Date.UTC(2026, 0, 2)),
      modelId: 'kling-v2.1-standard',
      appId: 'kling',
      cost: 80,
      queue: { dispatchAt: new Date(0), waitSeconds: 10, estimatedSeconds: 180 },
      progress,
      etaSeconds,
      display: {
        prompt: 'waves',
        inputImages: [],
        outputType: 'video',
        outputText: null,
        outputMedia: status === 'succeeded' ? [{ publicUrl: 'https://s.test/out/waves.mp4', thumbnailUrl: null, contentType: 'video/mp4', key: 'u/u1/generations/gen-run/0.mp4' }] : [],
      },
    }),
  );
}

describe('/creations keeps a running creation moving', () => {
  it('pushed progress moves its bar; the pushed result replaces it; a hidden tab is told', async () => {
    vi.useRealTimers(); // the queries settle on real time; the bar's reading here depends on pushes only
    let emit: ((value: unknown) => void) | undefined;
    const subscribed: unknown[] = [];
    const handlers: Handlers = {
      ...STATUS,
      'user.details': () => userDetails(),
      'prediction.list': () => ({ items: [running(0.1, 100)], nextCursor: null }),
      'prediction.onUpdate': (input, push) => {
        subscribed.push(input);
        emit = push;
      },
    };
    renderWithProviders(<CreationsBrowser {...creationsPageData()} />, { handlers });
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('10'));
    expect(subscribed).toHaveLength(1);
    await act(async () => emit?.(running(0.4, 60)));
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByTestId('job-progress-label').textContent).toBe('~60s left');

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.title = 'My creations · Lumen Studio';
    await act(async () => emit?.(running(1, null, 'succeeded')));
    await screen.findByTestId('thumb-video');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.title).toBe('✓ Ready — Lumen Studio');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(document.title).toBe('My creations · Lumen Studio');
  });
});

describe('signalCompletion', () => {
  const texts = { readyTitle: '✓ Ready — Lumen Studio', failedTitle: '✕ Failed — Lumen Studio', readyBody: 'Your creation is ready.', failedBody: 'Your generation failed.' };
  const shownNotifications: { title: string; options: NotificationOptions }[] = [];

  beforeEach(() => {
    shownNotifications.length = 0;
    // jsdom has no Notification API: a stand-in that records what the page shows.
    class RecordingNotification {
      static permission: NotificationPermission = 'granted';
      static requestPermission = async () => RecordingNotification.permission;
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shownNotifications.push({ title, options });
      }
      close() {}
    }
    vi.stubGlobal('Notification', RecordingNotification);
    document.title = 'FLUX schnell · Lumen Studio';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('a visible tab is left alone', () => {
    signalCompletion({ id: 'a', succeeded: true }, texts);
    expect(document.title).toBe('FLUX schnell · Lumen Studio');
    expect(shownNotifications).toEqual([]);
  });

  it('a hidden tab says it in its title; a notification only for those who opted in; once per job', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    signalCompletion({ id: 'b', succeeded: false }, texts);
    expect(document.title).toBe('✕ Failed — Lumen Studio');
    expect(shownNotifications).toEqual([]);
    window.localStorage.setItem('studio.notifyWhenReady', '1');
    signalCompletion({ id: 'c', succeeded: true }, texts);
    expect(document.title).toBe('✓ Ready — Lumen Studio');
    expect(shownNotifications).toEqual([{ title: '✓ Ready — Lumen Studio', options: { body: 'Your creation is ready.', tag: 'studio-c' } }]);
    signalCompletion({ id: 'c', succeeded: true }, texts);
    expect(shownNotifications).toHaveLength(1);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(document.title).toBe('FLUX schnell · Lumen Studio');
  });
});
