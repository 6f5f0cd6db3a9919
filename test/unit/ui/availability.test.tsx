// @vitest-environment jsdom
/**
 * Issue 11 item 1 in the UI: what system.status says about availability is what people see. A model
 * nobody can run here reads 'This model is not available right now.' in the generator (Generate
 * stays off), in the model picker and on its app's card; the local-engine banner shows whenever
 * the local engine serves requests.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppsGrid } from '~/features/generator/AppsGrid';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';
import { LocalCheckoutBanner } from '~/features/layout/LocalCheckoutBanner';
import { LocalEngineBanner } from '~/features/layout/LocalEngineBanner';
import { generatorData, homeData } from '~/server/pages/page-props';
import { resetFakes } from './helpers/fakes';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const UNAVAILABLE = 'This model is not available right now.';

function handlers(status: Partial<typeof SYSTEM_STATUS>, calls: { path: string; input: unknown }[] = []): { handlers: Handlers; calls: typeof calls } {
  return {
    calls,
    handlers: {
      'system.status': () => ({ ...SYSTEM_STATUS, ...status }),
      'user.details': () => userDetails({ credits: 100 }),
      'prediction.recent': () => [],
      'prediction.onUpdate': () => undefined,
      'generation.check': () => ({ success: true, credits: 1, message: null, error: null }),
    },
  };
}

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe('the generator', () => {
  it('says an unavailable model is unavailable and keeps Generate off', async () => {
    const s = handlers({ unavailableModels: ['flux-schnell'] });
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, s);
    await screen.findByTestId('dynamic-form');
    fireEvent.change(screen.getByRole('textbox', { name: /prompt/i }), { target: { value: 'a fox' } });
    await waitFor(() => expect(screen.getByTestId('validation-message').textContent).toBe(UNAVAILABLE));
    const generate = screen.getByTestId('generate-button') as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    await act(async () => fireEvent.click(generate));
    expect(s.calls.some((c) => c.path.startsWith('generation.'))).toBe(false);
  });

  it('lets an available model generate as before', async () => {
    renderWithProviders(<GeneratorPanel {...generatorData('flux-schnell')} />, handlers({ unavailableModels: ['flux-lora'] }));
    await screen.findByTestId('dynamic-form');
    fireEvent.change(screen.getByRole('textbox', { name: /prompt/i }), { target: { value: 'a fox' } });
    await waitFor(() => expect((screen.getByTestId('generate-button') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
  });

  it('marks the unavailable models in the model picker', async () => {
    renderWithProviders(<GeneratorPanel {...generatorData('flux1')} />, handlers({ unavailableModels: ['flux-pro'] }));
    await screen.findByTestId('dynamic-form');
    fireEvent.click((await screen.findByTestId('model-picker')).querySelector('input')!);
    expect((await screen.findByTestId('model-unavailable-flux-pro')).textContent).toBe(UNAVAILABLE);
    expect(screen.queryByTestId('model-unavailable-flux-schnell')).toBeNull();
  });
});

describe('the home page cards', () => {
  it('marks an app whose models are all unavailable, and only that one', async () => {
    renderWithProviders(<AppsGrid {...homeData()} />, handlers({ unavailableModels: ['flux-lora', 'flux-pro'] }));
    expect((await screen.findByTestId('app-unavailable-flux-lora')).textContent).toBe(UNAVAILABLE);
    // FLUX Pro still has FLUX 1.1 pro.
    expect(screen.queryByTestId('app-unavailable-flux-pro')).toBeNull();
    expect(screen.queryByTestId('app-unavailable-flux-schnell')).toBeNull();
  });
});

describe('the local engine banner', () => {
  it('shows while the local engine serves requests, and not otherwise', async () => {
    renderWithProviders(<LocalEngineBanner />, handlers({ localEngine: true }));
    expect((await screen.findByTestId('local-engine-banner')).textContent).toBe(
      'Local engine is on: results are local previews made on this server, not real model outputs. Configure provider keys before going live.',
    );
    cleanup();
    // The checkout's banner reads the same answer: once it shows, the engine's has had its say.
    renderWithProviders(
      <>
        <LocalCheckoutBanner />
        <LocalEngineBanner />
      </>,
      handlers({ localEngine: false, localCheckout: true }),
    );
    await screen.findByTestId('local-checkout-banner');
    expect(screen.queryByTestId('local-engine-banner')).toBeNull();
  });
});
