// @vitest-environment jsdom
/**
 * Issue 11 item 11 on the real pages: picking another effect on /image-effects/{id} keeps the
 * uploaded photo and the settings (shallow routing, one generator for every effect), and the LoRA
 * create link create/flux-lora?lora={id} applies the LoRA's recommended weight and default prompt.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLora } from '~/catalogue';
import CreatePage from '~/pages/create/[appId]';
import ImageEffectPage from '~/pages/image-effects/[effectId]';
import { effectPageData, generatorData, loraPreset } from '~/server/pages/page-props';
import { fakes, resetFakes } from './helpers/fakes';
import type { Prediction } from '~/features/predictions/types';
import { asCreation, predictionFixture } from './helpers/prediction';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const PHOTO = 'https://studio.test/storage/u/1/uploads/me.png';

function handlers(): Handlers {
  const prediction = (status: Prediction['status']) =>
    predictionFixture({
      status,
      modelId: 'kontext-style-effect',
      mode: 'pro',
      appId: 'image-to-image',
      cost: 16,
      queue: { dispatchAt: new Date(0), waitSeconds: 10, estimatedSeconds: 30 },
      display: { prompt: null, inputImages: [PHOTO], outputType: 'image', outputText: null, outputMedia: [] },
    });
  return {
    'system.status': () => SYSTEM_STATUS,
    'user.details': () => userDetails({ credits: 100, premium: true }),
    'generation.check': () => ({ success: true, credits: 16, message: null, error: null }),
    'generation.submit': () => ({ id: 'gen-1', status: 'pending', outputNum: 1, user_credits: 84, text: null, prediction: prediction('pending') }),
    'prediction.get': () => prediction('processing'),
    'prediction.recent': () => [asCreation({ ...prediction('succeeded'), id: 'old-1' })],
    'prediction.onUpdate': () => undefined,
  };
}

/** The form is up and its lazily loaded controls have replaced their skeletons. */
async function formReady() {
  await screen.findByTestId('dynamic-form');
  await waitFor(() => expect(screen.queryAllByTestId('control-loading')).toHaveLength(0));
}

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe('/image-effects/{id}: picking another effect keeps the photo and the settings', () => {
  it('routes shallowly, switches the header and effect, and generates with the same photo and mode', async () => {
    fakes.router.pathname = '/image-effects/[effectId]';
    fakes.router.query = { effectId: 'ghibli' };
    fakes.router.asPath = '/image-effects/ghibli';
    const calls: { path: string; input: unknown }[] = [];
    const props = effectPageData('ghibli');
    const view = renderWithProviders(<ImageEffectPage {...props} />, { handlers: handlers(), calls });
    await formReady();
    expect(screen.getByTestId('effect-title').textContent).toBe('Ghibli Style');

    // A photo (refilled from a recent creation) and a setting (Pro mode instead of the default lite).
    fireEvent.click(await screen.findByTestId('recent-item'));
    await screen.findByRole('img', { name: 'Uploaded image: Your photo' });
    fireEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    await waitFor(() => expect(screen.getByTestId('credit-cost').textContent).toBe('16'));

    // Another effect from the dropdown: a shallow route change, so Next keeps the page and its props.
    fireEvent.click(screen.getByTestId('control-effect_template_id-target'));
    const dropdown = await screen.findByTestId('control-effect_template_id-dropdown');
    fireEvent.click(within(dropdown).getByTestId('effect-option-pixel-art'));
    expect(fakes.router.push).toHaveBeenCalledWith('/image-effects/pixel-art', undefined, { locale: 'es', shallow: true, scroll: false });
    fakes.router.query = { effectId: 'pixel-art' };
    fakes.router.asPath = '/image-effects/pixel-art';
    view.rerender(<ImageEffectPage {...props} />);

    expect(screen.getByTestId('effect-title').textContent).toBe('Pixel Art');
    expect(screen.getByTestId('control-effect_template_id-target').textContent).toContain('Pixel Art');
    expect(screen.getByRole('img', { name: 'Uploaded image: Your photo' }).getAttribute('src')).toBe(PHOTO);
    expect(screen.getByTestId('credit-cost').textContent).toBe('16');

    // Back to an earlier effect (the address changes under the mounted page): the effect follows, the photo stays.
    fakes.router.query = { effectId: 'anime' };
    view.rerender(<ImageEffectPage {...props} />);
    await waitFor(() => expect(screen.getByTestId('control-effect_template_id-target').textContent).toContain('Anime'));
    expect(screen.getByRole('img', { name: 'Uploaded image: Your photo' }).getAttribute('src')).toBe(PHOTO);

    await act(async () => fireEvent.click(screen.getByTestId('generate-button')));
    await waitFor(() => expect(calls.some((c) => c.path === 'generation.submit')).toBe(true));
    expect(calls.find((c) => c.path === 'generation.submit')?.input).toMatchObject({
      model_id: 'kontext-style-effect',
      effect_template_id: 'anime',
      image_url: PHOTO,
      mode: 'pro',
      credit_to_consume: 16,
    });
    // A whole page with lazily loaded controls: give it room on a busy machine.
  });
});

describe('create/flux-lora?lora={id}', () => {
  it("applies the LoRA, its recommended weight and its default prompt", async () => {
    const lora = getLora('flux-realism')!;
    expect(lora.recommendLoraScale).not.toBe(1);
    fakes.router.query = { appId: 'flux-lora', lora: lora.id };
    fakes.router.asPath = `/create/flux-lora?lora=${lora.id}`;
    const data = generatorData('flux-lora');
    const preset = loraPreset(lora.id, data.models);
    expect(preset).toEqual({ lora: lora.id, lora_scale: lora.recommendLoraScale, prompt: lora.defaultPrompt });
    expect(loraPreset('no-such-lora', data.models)).toBeNull();
    renderWithProviders(<CreatePage {...data} preset={preset} handOver={null} />, { handlers: handlers() });
    await formReady();
    expect((await screen.findByTestId('control-lora-selected')).textContent).toBe(lora.label);
    expect((screen.getByRole('textbox', { name: /prompt/i }) as HTMLTextAreaElement).value).toBe(lora.defaultPrompt);
    expect(screen.getByRole('slider', { name: /LoRA weight/i }).getAttribute('aria-valuenow')).toBe(String(lora.recommendLoraScale));
    expect(screen.queryByTestId('validation-message')).toBeNull();
    expect((screen.getByTestId('generate-button') as HTMLButtonElement).disabled).toBe(false);
  });
});
