// @vitest-environment jsdom
/**
 * What moderation tells an owner (issue 36 §5), through the real tRPC client and a test link: a
 * creation waiting for review says "Waiting for review" on its preview in My creations and in its
 * details; one taken down says "Removed by moderation" and its Private switch stays on and locked
 * (the server refuses to publish it again); the generator's result reads its state again while
 * it waits, and shows it public once moderation lets it through.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreationDetailsModal } from '~/features/creations/CreationDetailsModal';
import { CreationThumb } from '~/features/creations/CreationThumb';
import { ResultKeepActions } from '~/features/creations/ResultKeepActions';
import type { Prediction } from '~/features/predictions/types';
import { nextStepsData } from '~/server/pages/next-steps';
import { predictionFixture } from './helpers/prediction';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Call } from './helpers/providers';

vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

afterEach(() => cleanup());

const MEDIA = [{ publicUrl: 'https://s.test/out/7.png', thumbnailUrl: null, contentType: 'image/png', key: 'u/u1/generations/gen-7/0-7.png' }];

function creation(overrides: Partial<Prediction>): Prediction & { starred: boolean; promptHidden: boolean } {
  return { ...predictionFixture({ id: 'gen-7', display: { prompt: 'a heron', inputImages: [], outputType: 'image', outputText: null, outputMedia: MEDIA }, ...overrides }), starred: false, promptHidden: false };
}

const badge = () => screen.queryByTestId('review-badge');

describe('an owner sees moderation’s word', () => {
  it('on a creation’s preview in My creations', () => {
    const { rerender } = renderWithProviders(<CreationThumb creation={creation({ isPublic: false, review: 'waiting' })} />);
    expect(badge()?.textContent).toBe('Waiting for review');
    rerender(<CreationThumb creation={creation({ isPublic: false, review: 'removed' })} />);
    expect(badge()?.textContent).toBe('Removed by moderation');
    rerender(<CreationThumb creation={creation({ isPublic: true, review: null })} />);
    expect(badge()).toBeNull();
  });

  it('in the details: a removed creation stays private, its switch locked', async () => {
    renderWithProviders(<CreationDetailsModal creation={creation({ isPublic: false, review: 'removed' })} onClose={() => undefined} />, {
      handlers: { 'system.status': () => SYSTEM_STATUS, 'generation.nextSteps': () => nextStepsData(), 'user.details': () => userDetails({ premium: true }) },
    });
    expect((await screen.findByTestId('review-badge')).textContent).toBe('Removed by moderation');
    const privateSwitch = screen.getByTestId('sharing-private') as HTMLInputElement;
    // The plan is known (premium) and the switch still cannot be turned off.
    await waitFor(() => expect(screen.getByTestId('sharing-hide-prompt')).toBeTruthy());
    expect(privateSwitch.checked).toBe(true);
    expect(privateSwitch.disabled).toBe(true);
  });

  it('on the generator’s result: waiting, read again until moderation answers, then public', async () => {
    const calls: Call[] = [];
    let reads = 0;
    renderWithProviders(<ResultKeepActions id="gen-7" isPublic={false} review="waiting" />, {
      calls,
      handlers: {
        'system.status': () => SYSTEM_STATUS,
        'user.details': () => userDetails({ premium: true }),
        'prediction.get': () => {
          reads += 1;
          return creation(reads === 1 ? { isPublic: false, review: 'waiting' } : { isPublic: true, review: null });
        },
      },
    });
    expect(badge()?.textContent).toBe('Waiting for review');
    expect(screen.getByTestId('result-sharing').getAttribute('data-public')).toBe('false');
    await waitFor(() => expect(screen.getByTestId('result-sharing').getAttribute('data-public')).toBe('true'), { timeout: 10_000 });
    expect(badge()).toBeNull();
    expect(calls.filter((call) => call.path === 'prediction.get').map((call) => call.input)).toEqual([{ id: 'gen-7' }, { id: 'gen-7' }]);
  });
});
