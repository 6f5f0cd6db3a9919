// @vitest-environment jsdom
/**
 * The generator panel wired to the flow: check order and toasts as a person sees them, the
 * request it sends, the queue notice, the pushed result, the privacy toggle, the model picker,
 * Recent Creations refilling the form.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getModel, publicModelDefinition } from '~/catalogue';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';
import { generatorData } from '~/server/pages/page-props';
import { useGeneration } from '~/features/generator/useGeneration';
import { fakes, resetFakes } from './helpers/fakes';
import type { Prediction } from '~/features/predictions/types';
import { asCreation, predictionFixture } from './helpers/prediction';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';
import { signInDialogShown, signInFromDialog } from './helpers/sign-in-dialog';
import { findToast } from './helpers/toasts';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

function prediction(status: Prediction['status'], overrides: Partial<Prediction> = {}) {
  return predictionFixture({
    status,
    queue: { dispatchAt: new Date(0), waitSeconds: 60, estimatedSeconds: 20 },
    display: {
      prompt: 'a fox',
      inputImages: [],
      outputType: 'image',
      outputText: null,
      outputMedia: status === 'succeeded' ? [{ publicUrl: 'https://studio.test/storage/out/fox.png', thumbnailUrl: null, contentType: 'image/png', key: 'u/u1/generations/gen-1/0.png' }] : [],
    },
    ...overrides,
  });
}

type Setup = { credits?: number; premium?: boolean; maintenance?: boolean; recent?: Prediction[]; googleSignIn?: boolean };

function setup(options: Setup = {}) {
  const calls: { path: string; input: unknown }[] = [];
  const push: { emit?: (value: unknown) => void } = {};
  let credits = options.credits ?? 100;
  const handlers: Handlers = {
    'system.status': () => ({
      ...SYSTEM_STATUS,
      maintenance: { ...SYSTEM_STATUS.maintenance, enabled: options.maintenance ?? false },
      ...(options.googleSignIn ? { googleSignIn: true, devSignIn: false } : {}),
    }),
    'user.details': () => userDetails({ credits, premium: options.premium ?? false }),
    'generation.check': () => ({ success: true, credits: 1, message: null, error: null }),
    'generation.submit': () => {
      credits -= 1;
      return { id: 'gen-1', status: 'pending', outputNum: 1, user_credits: credits, text: null, prediction: prediction('pending') };
    },
    'prediction.get': () => prediction('processing'),
    'prediction.recent': () => (options.recent ?? []).map((item) => asCreation(item)),
    'prediction.onUpdate': (_input, emit) => {
      push.emit = emit;
    },
  };
  return { calls, push, handlers };
}

function typePrompt(text: string) {
  const prompt = screen.getByRole('textbox', { name: /prompt/i });
  fireEvent.change(prompt, { target: { value: text } });
}

async function ready() {
  await screen.findByTestId('dynamic-form');
}

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe('generate: the checks in order', () => {
  it('an anonymous visitor gets the login modal with the current path without its locale', async () => {
    fakes.session.status = 'unauthenticated';
    const s = setup({ googleSignIn: true });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await ready();
    typePrompt('a fox');
    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
    expect(await signInFromDialog()).toEqual(['google', { callbackUrl: '/create/flux-schnell', redirect: false }]);
    expect(s.calls.some((c) => c.path.startsWith('generation.'))).toBe(false);
  });

  it("maintenance on: 'System Maintenance' with its message for 5 s, and a banner up front", async () => {
    const s = setup({ maintenance: true });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await ready();
    await screen.findByTestId('maintenance-banner');
    typePrompt('a fox');
    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
    expect(await findToast('System Maintenance')).toEqual({ title: 'System Maintenance', description: SYSTEM_STATUS.maintenance.message, variant: 'destructive', durationMs: 5000 });
    expect(signInDialogShown()).toBe(false);
  });

  it("too few credits: 'Insufficient credits' for 2 s with a link to /pricing, no server call", async () => {
    const s = setup({ credits: 0 });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await ready();
    typePrompt('a fox');
    await waitFor(() => expect(s.calls.some((c) => c.path === 'user.details')).toBe(true));
    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
    expect(await findToast('Insufficient credits')).toEqual({
      title: 'Insufficient credits',
      description: 'This generation needs 1 credits, but you only have 0.',
      variant: 'destructive',
      durationMs: 2000,
      link: { label: 'Buy credits', href: '/pricing' },
    });
    expect(s.calls.some((c) => c.path.startsWith('generation.'))).toBe(false);
  });
});

describe('generate: the happy path', () => {
  it('on a phone, Generate brings the output (under the form) into view', async () => {
    const s = setup({ credits: 10 });
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query === '(max-width: 62em)', media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }));
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
      await ready();
      typePrompt('a fox in the snow');
      await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]!.contains(screen.getByTestId('output-area'))).toBe(true);
    } finally {
      phone.mockRestore();
      scroll.mockRestore();
    }
  });

  it('free user: check, submit with a fresh key, queue notice, pushed result, credits updated', async () => {
    const s = setup({ credits: 10 });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await ready();
    expect(screen.queryByTestId('model-picker')).toBeNull();
    typePrompt('a fox in the snow');
    await waitFor(() => expect(screen.getByTestId('credit-cost').textContent).toBe('1'));
    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
    await screen.findByTestId('queue-notice');
    expect(screen.getByTestId('queue-notice').textContent).toBe('Queue wait time: ~60s');
    expect(screen.getByTestId('generate-button').textContent).toContain('Generating...');
    expect(screen.getByTestId('generate-estimate').textContent).toBe('~20s');
    const order = s.calls.map((c) => c.path).filter((p) => p.startsWith('generation.') || p === 'prediction.onUpdate');
    expect(order).toEqual(['generation.check', 'generation.submit', 'prediction.onUpdate']);
    const submit = s.calls.find((c) => c.path === 'generation.submit')!.input as Record<string, unknown>;
    expect(submit).toMatchObject({ prompt: 'a fox in the snow', model_id: 'flux-schnell', appId: 'flux-schnell', pageId: '/create/flux-schnell', credit_to_consume: 1, is_public: true, num_outputs: 1, image_size: '1:1' });
    expect(typeof submit.idempotency_key).toBe('string');
    expect((submit.idempotency_key as string).length).toBeGreaterThanOrEqual(8);
    await waitFor(() => expect(screen.getByTestId('output-area').getAttribute('data-prediction-id')).toBe('gen-1'));

    await act(async () => s.push.emit?.(prediction('succeeded')));
    await screen.findByTestId('output-image');
    expect(screen.queryByTestId('queue-notice')).toBeNull();
    expect(screen.getByTestId('generate-button').textContent).toBe('Generate');

    // A second click carries a new key.
    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
    await waitFor(() => expect(s.calls.filter((c) => c.path === 'generation.submit')).toHaveLength(2));
    const keys = s.calls.filter((c) => c.path === 'generation.submit').map((c) => (c.input as { idempotency_key: string }).idempotency_key);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('premium user: no queue notice; the privacy toggle works and sends is_public false', async () => {
    const s = setup({ premium: true });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await ready();
    const toggle = await screen.findByRole('switch', { name: 'Public' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    typePrompt('a private fox');
    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
    await waitFor(() => expect(s.calls.some((c) => c.path === 'generation.submit')).toBe(true));
    expect((s.calls.find((c) => c.path === 'generation.submit')!.input as Record<string, unknown>).is_public).toBe(false);
    expect(screen.queryByTestId('queue-notice')).toBeNull();
  });

  it('free user: the privacy toggle is disabled behind the upgrade tooltip', async () => {
    const s = setup();
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await ready();
    const toggle = screen.getByRole('switch', { name: 'Public' }) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(toggle.checked).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('privacy-locked'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Upgrade to premium to make the generation private');
  });
});

describe('panel structure', () => {
  it("an unknown app says 'Error: App configuration not found.'", () => {
    renderWithProviders(<GeneratorPanel {...generatorData('nope')} />, setup());
    expect(screen.getByTestId('app-not-found').textContent).toBe('Error: App configuration not found.');
  });

  it("a model the app does not have says 'Error: Model not found.'", () => {
    fakes.router.query = { appId: 'flux-schnell', model: 'flux-dev' };
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, setup());
    expect(screen.getByTestId('model-not-found').textContent).toBe('Error: Model not found.');
  });

  it('shows a skeleton until the page is ready', () => {
    fakes.router.isReady = false;
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, setup());
    expect(screen.getByTestId('generator-skeleton')).toBeTruthy();
  });

  it('shows the model picker for several models, searchable only above 6', async () => {
    renderWithProviders(<GeneratorPanel {...generatorData('flux')} />, setup());
    await ready();
    const picker = (await screen.findByTestId('model-picker'));
    expect(picker.querySelector('input')!.getAttribute('readonly')).not.toBeNull();
    cleanup();
    renderWithProviders(<GeneratorPanel {...generatorData('flux-kontext')} />, setup());
    await ready();
    expect((await screen.findByTestId('model-picker')).querySelector('input')!.getAttribute('readonly')).toBeNull();
  });

  it('switching model rebuilds the form from the new definition and keeps the prompt', async () => {
    renderWithProviders(<GeneratorPanel {...generatorData('flux')} />, setup());
    await ready();
    typePrompt('a fox');
    expect(screen.getByTestId('credit-cost').textContent).toBe('16');
    const input = (await screen.findByTestId('model-picker')).querySelector('input')!;
    fireEvent.click(input);
    fireEvent.click(await screen.findByText('FLUX.1 [schnell]', { selector: 'p, span, div' }));
    await waitFor(() => expect(screen.getByTestId('dynamic-form').getAttribute('data-model')).toBe('flux-schnell'));
    expect(screen.getByTestId('credit-cost').textContent).toBe('1');
    expect((screen.getByRole('textbox', { name: /prompt/i }) as HTMLTextAreaElement).value).toBe('a fox');
  });

  it('Recent Creations (premium): clicking an item refills the prompt', async () => {
    const s = setup({ premium: true, recent: [prediction('succeeded', { id: 'old-1', display: { ...prediction('succeeded').display, prompt: 'an old prompt' } })] });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await ready();
    fireEvent.click(await screen.findByTestId('recent-item'));
    expect((screen.getByRole('textbox', { name: /prompt/i }) as HTMLTextAreaElement).value).toBe('an old prompt');
    const recent = s.calls.find((c) => c.path === 'prediction.recent');
    expect(recent?.input).toEqual({ limit: 6 });
  });

  it('Recent Creations is hidden for free users and when empty', async () => {
    const free = setup({ recent: [prediction('succeeded')] });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, free);
    await ready();
    expect(screen.queryByTestId('recent-creations')).toBeNull();
    cleanup();
    const empty = setup({ premium: true, recent: [] });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, empty);
    await ready();
    await waitFor(() => expect(empty.calls.some((c) => c.path === 'prediction.recent')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('recent-creations')).toBeNull());
  });
});

describe("the client validation toast (core-flow §8 'Invalid input' / 'Invalid Input')", () => {
  function Trigger({ modelId, request }: { modelId: string; request: Record<string, unknown> }) {
    const generation = useGeneration();
    return (
      <button type="button" data-testid="trigger" onClick={() => void generation.generate({ model: publicModelDefinition(getModel(modelId)!), request, appId: modelId })}>
        go
      </button>
    );
  }

  it.each([
    ['image-caption', {}, 'Invalid Input', 'Input image is required.'],
    ['flux-schnell', {}, 'Invalid input', 'Prompt is required.'],
  ])('%s: %s', async (modelId, request, title, description) => {
    const s = setup();
    renderWithProviders(<Trigger modelId={modelId} request={request} />, s);
    await waitFor(() => expect(s.calls.some((c) => c.path === 'user.details')).toBe(true));
    await act(async () => fireEvent.click(screen.getByTestId('trigger')));
    expect(await findToast(title)).toEqual({ title, description, variant: 'destructive', durationMs: 5000 });
    expect(s.calls.some((c) => c.path.startsWith('generation.'))).toBe(false);
  });
});
