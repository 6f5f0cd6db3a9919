// @vitest-environment jsdom
/**
 * The owner's sharing switches in the creation details modal (issue 21 §6–§7), through the real
 * tRPC client and a test link: the exact payload sent to prediction.setSharing, the switches showing
 * the server's answer (not the wish), Private locked without premium with the way to the plans, a
 * refusal put back with the server's words in a toast, and 'Copy link' off while the result is private;
 * the result panel's sharing button opens the same switches.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreationDetailsModal } from '~/features/creations/CreationDetailsModal';
import { ResultKeepActions } from '~/features/creations/ResultKeepActions';
import type { Prediction } from '~/features/predictions/types';
import { nextStepsData } from '~/server/pages/next-steps';
import { predictionFixture } from './helpers/prediction';
import { heldAnswer, networkError, renderWithProviders, serverError, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';

vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

type Sent = { path: string; input: unknown };

type Creation = Prediction & { starred: boolean; promptHidden: boolean };

function creation(overrides: Partial<{ isPublic: boolean; promptHidden: boolean }> = {}): Creation {
  return {
    ...predictionFixture({
      id: 'gen-7',
      createdAt: new Date(Date.UTC(2026, 0, 1, 12)),
      display: { prompt: 'a heron at dawn', inputImages: [], outputType: 'image', outputText: null, outputMedia: [{ publicUrl: 'https://s.test/out/7.png', thumbnailUrl: null, contentType: 'image/png', key: 'u/u1/generations/gen-7/0-7.png' }] },
    }),
    starred: false,
    promptHidden: false,
    ...overrides,
  };
}

function open(options: { premium: boolean; setSharing: (input: unknown) => unknown; shown?: Creation }) {
  const calls: Sent[] = [];
  const handlers: Handlers = {
    'system.status': () => SYSTEM_STATUS,
    'generation.nextSteps': () => nextStepsData(),
    'user.details': () => userDetails({ premium: options.premium }),
    'prediction.setSharing': options.setSharing,
  };
  renderWithProviders(<CreationDetailsModal creation={options.shown ?? creation()} onClose={() => undefined} />, { handlers, calls });
  return { calls, sent: () => calls.filter((c) => c.path === 'prediction.setSharing').map((c) => c.input) };
}

const privateSwitch = () => screen.getByTestId('sharing-private') as HTMLInputElement;
const hidePromptSwitch = () => screen.getByTestId('sharing-hide-prompt') as HTMLInputElement;
const copyLink = () => screen.getByTestId('copy-link') as HTMLButtonElement;

/** Waits until the plan is known (user.details answered): a premium owner's Private switch unlocks. */
async function planKnown(premium: boolean) {
  if (premium) await waitFor(() => expect(privateSwitch().disabled).toBe(false));
  else await screen.findByTestId('sharing-private-locked');
}

afterEach(() => cleanup());

describe('sharing switches in the creation details (issue 21)', () => {
  it('turning Private on sends exactly {id, isPublic: false}, moves at once, then shows the server’s answer; Copy link goes off', async () => {
    const answer = heldAnswer<{ id: string; isPublic: boolean; promptHidden: boolean; review: null }>();
    const { sent } = open({ premium: true, setSharing: () => answer.promise });
    await planKnown(true);
    expect(privateSwitch().checked).toBe(false);
    expect(hidePromptSwitch().checked).toBe(false);
    expect(copyLink().disabled).toBe(false);
    expect(copyLink().getAttribute('data-href')).toMatch(/\/c\/gen-7$/);

    fireEvent.click(privateSwitch());
    // Optimistic: on at once, and nothing else can change until the server answers.
    await waitFor(() => expect(privateSwitch().checked).toBe(true));
    expect(privateSwitch().disabled).toBe(true);
    expect(hidePromptSwitch().disabled).toBe(true);
    await waitFor(() => expect(sent()).toEqual([{ id: 'gen-7', isPublic: false }]));

    await act(async () => answer.resolve({ id: 'gen-7', isPublic: false, promptHidden: false, review: null }));
    await waitFor(() => expect(privateSwitch().disabled).toBe(false));
    expect(privateSwitch().checked).toBe(true);
    expect(screen.getByText('Only you can see it: its link shows “not found” to everyone else.')).toBeTruthy();
    expect(copyLink().disabled).toBe(true);
    expect(screen.getByTestId('copy-link-private').textContent).toBe('Private: it has no share page.');
    expect(copyLink().getAttribute('aria-describedby')).toBe(screen.getByTestId('copy-link-private').id);
  });

  it('hiding the prompt sends exactly {id, promptHidden: true}; the switches then show what the server answered', async () => {
    // The server's state wins over the wish: here the result had meanwhile been made private elsewhere.
    const { sent } = open({ premium: true, setSharing: (input) => ({ id: (input as { id: string }).id, isPublic: false, promptHidden: true, review: null }) });
    await planKnown(true);
    fireEvent.click(hidePromptSwitch());
    await waitFor(() => expect(sent()).toEqual([{ id: 'gen-7', promptHidden: true }]));
    await waitFor(() => expect(privateSwitch().checked).toBe(true));
    expect(hidePromptSwitch().checked).toBe(true);
    expect(copyLink().disabled).toBe(true);
  });

  it('without premium, Private is locked with the reason and the way to the plans; hiding the prompt still works', async () => {
    const { sent } = open({ premium: false, setSharing: (input) => ({ id: 'gen-7', isPublic: true, promptHidden: (input as { promptHidden: boolean }).promptHidden, review: null }) });
    await planKnown(false);
    expect(privateSwitch().disabled).toBe(true);
    const reason = screen.getByTestId('sharing-private-locked');
    expect(reason.textContent).toBe('Private results are part of premium. See plans');
    expect(within(reason).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(privateSwitch().getAttribute('aria-describedby')?.split(' ')).toContain(reason.id);
    fireEvent.click(hidePromptSwitch());
    await waitFor(() => expect(sent()).toEqual([{ id: 'gen-7', promptHidden: true }]));
    await waitFor(() => expect(hidePromptSwitch().checked).toBe(true));
  });

  it('without premium, a result that is already private may still be made public (a lapsed plan traps nothing)', async () => {
    const { sent } = open({ premium: false, shown: creation({ isPublic: false }), setSharing: () => ({ id: 'gen-7', isPublic: true, promptHidden: false, review: null }) });
    await waitFor(() => expect(privateSwitch().disabled).toBe(false));
    expect(screen.queryByTestId('sharing-private-locked')).toBeNull();
    expect(privateSwitch().checked).toBe(true);
    fireEvent.click(privateSwitch());
    await waitFor(() => expect(sent()).toEqual([{ id: 'gen-7', isPublic: true }]));
    await waitFor(() => expect(copyLink().disabled).toBe(false));
    expect(privateSwitch().checked).toBe(false);
  });

  it('a premium refusal puts the switch back and shows the server’s words with the way to the plans', async () => {
    // The plan ended after the page loaded: the client thought premium, the server says no.
    const { sent } = open({ premium: true, setSharing: () => Promise.reject(serverError('Upgrade to premium to make the generation private', 'premium_required', 403)) });
    await planKnown(true);
    fireEvent.click(privateSwitch());
    await waitFor(() => expect(sent()).toEqual([{ id: 'gen-7', isPublic: false }]));
    expect(await screen.findByText('Could not change sharing')).toBeTruthy();
    expect(screen.getByText(/^Upgrade to premium to make the generation private/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    await waitFor(() => expect(privateSwitch().checked).toBe(false));
    expect(privateSwitch().disabled).toBe(false);
    expect(copyLink().disabled).toBe(false);
  });

  it('a failed call (no answer) puts the prompt switch back and says so', async () => {
    const { sent } = open({ premium: true, shown: creation({ promptHidden: true }), setSharing: () => Promise.reject(networkError()) });
    await planKnown(true);
    expect(hidePromptSwitch().checked).toBe(true);
    fireEvent.click(hidePromptSwitch());
    await waitFor(() => expect(sent()).toEqual([{ id: 'gen-7', promptHidden: false }]));
    expect(await screen.findByText('Could not change sharing')).toBeTruthy();
    expect(screen.getByText('Failed to make sharing request. Please check your internet connection.')).toBeTruthy();
    await waitFor(() => expect(hidePromptSwitch().checked).toBe(true));
    expect(hidePromptSwitch().disabled).toBe(false);
  });
});

describe('sharing in the result panel', () => {
  it('a button says how the result is shared and opens the same switches; Private there turns the link off', async () => {
    const calls: Sent[] = [];
    const handlers: Handlers = {
      'user.details': () => userDetails({ premium: true }),
      'prediction.setSharing': () => ({ id: 'gen-9', isPublic: false, promptHidden: false, review: null }),
    };
    renderWithProviders(<ResultKeepActions id="gen-9" isPublic={true} />, { handlers, calls });
    const button = screen.getByTestId('result-sharing');
    expect(button.textContent).toBe('Public');
    expect(button.getAttribute('aria-label')).toBe('Sharing: Public');
    expect(copyLink().disabled).toBe(false);
    expect(calls.map((c) => c.path)).toEqual([]); // the plan is asked for only when the switches open
    fireEvent.click(button);
    await screen.findByTestId('sharing-switches');
    expect(hidePromptSwitch().checked).toBe(false);
    await planKnown(true);
    fireEvent.click(privateSwitch());
    await waitFor(() => expect(screen.getByTestId('result-sharing').textContent).toBe('Private'));
    expect(calls.filter((c) => c.path === 'prediction.setSharing').map((c) => c.input)).toEqual([{ id: 'gen-9', isPublic: false }]);
    await waitFor(() => expect(privateSwitch().disabled).toBe(false));
    expect(copyLink().disabled).toBe(true);
  });

  it('a result whose sharing is not known keeps the star and the link only', () => {
    renderWithProviders(<ResultKeepActions id="gen-9" />);
    expect(screen.queryByTestId('result-sharing')).toBeNull();
    expect(copyLink().disabled).toBe(false);
  });
});
