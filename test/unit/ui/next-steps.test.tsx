// @vitest-environment jsdom
/**
 * A result goes straight into the next tool (issue 12 §2): the targets derived from the catalogue
 * with their prices, the actions on image and text results, 'Use as input' loaded on demand, the
 * Recent Creations menu, and a handed-over form (Remix) opening with the creation's settings.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getModel, homeAppOf, imageInputOf, models, publicModelDefinition } from '~/catalogue';
import { RecentCreations } from '~/features/creations/RecentCreations';
import type { ShownPrediction } from '~/features/predictions/types';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';
import { remixHref } from '~/features/next-steps/next-steps';
import { OutputArea } from '~/features/outputs/OutputArea';
import { nextStepsData } from '~/server/pages/next-steps';
import { generatorData } from '~/server/pages/page-props';
import { fakes, resetFakes } from './helpers/fakes';
import { asCreation, predictionFixture } from './helpers/prediction';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const KEY = 'u/u1/generations/gen-1/0-abc123.jpg';
const ENCODED_KEY = encodeURIComponent(KEY);

function imageResult(): ShownPrediction {
  return {
    id: 'gen-1',
    status: 'succeeded',
    error: null,
    outputNum: 1,
    outputType: 'image',
    queue: null,
    display: { prompt: 'a kite', inputImages: [], outputType: 'image', outputText: null, outputMedia: [{ publicUrl: `https://studio.test/api/storage/${KEY}`, thumbnailUrl: null, contentType: 'image/jpeg', key: KEY }] },
  };
}

/** The real server derivation answers generation.nextSteps, as the router does. */
const NEXT_STEPS: Handlers = { 'generation.nextSteps': () => nextStepsData() };

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe('targets, derived from the catalogue on the server', () => {
  it('every tool that takes an image, in the app it opens in, and none that does not', () => {
    const ids = nextStepsData().imageTools.map((t) => t.modelId);
    expect(ids).toEqual(models.filter((m) => imageInputOf(m) !== null).map((m) => m.id));
    for (const id of ['upscaler', 'remove-background', 'flux-kontext', 'kling-v2.1-standard', 'kling-1.6-multi', 'image-caption', 'flux-canny-pro', 'pixverse-effects']) expect(ids).toContain(id);
    for (const id of ['flux-schnell', 'flux-lora', 'kling-1.6-text-to-video']) expect(ids).not.toContain(id);
    expect(nextStepsData().imageTools.find((t) => t.modelId === 'kontext-location')!.appId).toBe('flux-kontext');
    expect(homeAppOf('remove-background')!.id).toBe('remove-background');
    expect(homeAppOf('flux-kontext')!.id).toBe('flux-kontext');
    expect(homeAppOf('kling-v2.1-pro')!.id).toBe('image-to-video');
    expect(nextStepsData().homeApps['flux-dev']).toBe('flux-dev');
  });

  it('prices each step with the catalogue’s cost of the target’s opening values', () => {
    const { shortcuts, prompt, imageTools } = nextStepsData();
    expect(shortcuts.edit).toMatchObject({ appId: 'flux-kontext', modelId: 'flux-kontext', cost: 5 }); // Kontext opens in lite mode
    expect(shortcuts.upscale).toMatchObject({ appId: 'upscaler', cost: 2 });
    expect(shortcuts.removeBackground).toMatchObject({ appId: 'remove-background', cost: 1 });
    expect(shortcuts.animate).toMatchObject({ appId: 'image-to-video', modelId: 'kling-v2.1-standard', cost: 80 }); // 5 s
    expect(prompt).toMatchObject({ appId: 'flux', modelId: 'flux-1.1-pro', cost: 16 });
    expect(imageTools.find((t) => t.modelId === 'kling-v2.1-pro')!.cost).toBe(150);
  });

  it('remixes in the creation’s own app, else the model’s home app', () => {
    const { homeApps } = nextStepsData();
    expect(remixHref({ id: 'g1', modelId: 'flux-dev', appId: 'image-to-image' }, homeApps)).toBe('/create/image-to-image?model=flux-dev&remix=g1');
    expect(remixHref({ id: 'g3', modelId: 'flux-dev', appId: null }, homeApps)).toBe('/create/flux-dev?model=flux-dev&remix=g3');
  });
});

describe('an image result', () => {
  it('has Edit, Upscale, Remove background and Animate, each opening its tool with this image and showing its price', async () => {
    renderWithProviders(<OutputArea prediction={imageResult()} model={publicModelDefinition(getModel('flux-schnell')!)} queueWaitSeconds={null} estimatedSeconds={20} />, { handlers: NEXT_STEPS });
    await screen.findByRole('link', { name: 'Upscale' });
    const expected: [string, string, string][] = [
      ['Edit', `/create/flux-kontext?model=flux-kontext&input=${ENCODED_KEY}`, '5 credits'],
      ['Upscale', `/create/upscaler?model=upscaler&input=${ENCODED_KEY}`, '2 credits'],
      ['Remove background', `/create/remove-background?model=remove-background&input=${ENCODED_KEY}`, '1 credit'],
      ['Animate', `/create/image-to-video?model=kling-v2.1-standard&input=${ENCODED_KEY}`, '80 credits'],
    ];
    for (const [name, href, price] of expected) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(document.getElementById(link.getAttribute('aria-describedby')!)!.textContent).toBe(price);
      expect(link.textContent).toContain(price);
    }
  });

  it('Use as input loads a menu of every tool that takes an image, each with its price', async () => {
    renderWithProviders(<OutputArea prediction={imageResult()} model={publicModelDefinition(getModel('flux-schnell')!)} queueWaitSeconds={null} estimatedSeconds={20} />, { handlers: NEXT_STEPS });
    expect(screen.queryByTestId('use-as-input-menu')).toBeNull();
    // The menu's code loads with the result; until then its button is disabled.
    const useAsInput = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Use as input' });
    await waitFor(() => expect(useAsInput().disabled).toBe(false));
    await act(async () => fireEvent.click(useAsInput()));
    const menu = await screen.findByTestId('use-as-input-menu');
    // jsdom lays nothing out, so Mantine keeps a dropdown's detached target hidden: query hidden items too.
    expect(within(menu).getAllByRole('menuitem', { hidden: true })).toHaveLength(nextStepsData().imageTools.length);
    const multi = within(menu).getByTestId('use-as-input-kling-1.6-multi');
    expect(multi.getAttribute('href')).toBe(`/create/image-to-video?model=kling-1.6-multi&input=${ENCODED_KEY}`);
    expect(multi.textContent).toBe('Kling 1.6 Multi-Reference80 credits');
    expect(within(menu).getByTestId('use-as-input-flux-depth-dev').getAttribute('href')).toBe(`/create/flux-depth?model=flux-depth-dev&input=${ENCODED_KEY}`);
    expect(within(menu).getByText('Video')).toBeTruthy();
  });

  it('a result without one of our objects (a client-side placeholder) offers no hand-over', async () => {
    const placeholder = imageResult();
    placeholder.display!.outputMedia = [{ publicUrl: 'https://elsewhere.test/x.png', thumbnailUrl: null, contentType: 'image/png' } as never];
    renderWithProviders(<OutputArea prediction={placeholder} model={publicModelDefinition(getModel('flux-schnell')!)} queueWaitSeconds={null} estimatedSeconds={20} />, { handlers: NEXT_STEPS });
    await screen.findByTestId('output-image');
    expect(screen.queryByRole('link', { name: 'Upscale' })).toBeNull();
  });
});

describe('a text result', () => {
  it('has Use as prompt, opening FLUX with the text, its price shown', async () => {
    const text: ShownPrediction = { ...imageResult(), outputType: 'text', display: { prompt: null, inputImages: [], outputType: 'text', outputText: '  A cat on a sofa, soft light.  ', outputMedia: [] } };
    renderWithProviders(<OutputArea prediction={text} model={publicModelDefinition(getModel('image-caption')!)} queueWaitSeconds={null} estimatedSeconds={10} />, { handlers: NEXT_STEPS });
    const link = await screen.findByRole('link', { name: 'Use as prompt' });
    expect(link.getAttribute('href')).toBe('/create/flux?prompt=A+cat+on+a+sofa%2C+soft+light.');
    expect(link.textContent).toContain('16 credits');
  });
});

describe('Recent Creations', () => {
  it('each item has a menu with the image actions, Use as input and Remix', async () => {
    const creation = asCreation(predictionFixture({ id: 'old-1', display: imageResult().display! }));
    renderWithProviders(<RecentCreations />, { handlers: { ...NEXT_STEPS, 'user.details': () => userDetails({ premium: true }), 'prediction.recent': () => [creation] } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Next steps for a kite' })));
    const menu = await screen.findByTestId('creation-steps-menu');
    const item = (name: string) => within(menu).getByRole('menuitem', { name, hidden: true }); // jsdom: see above
    expect(item('Edit').getAttribute('href')).toBe(`/create/flux-kontext?model=flux-kontext&input=${ENCODED_KEY}`);
    expect(item('Upscale').getAttribute('href')).toBe(`/create/upscaler?model=upscaler&input=${ENCODED_KEY}`);
    expect(item('Remove background').textContent).toContain('1 credit');
    expect(item('Animate').textContent).toContain('80 credits');
    expect(item('Remix').getAttribute('href')).toBe('/create/flux-schnell?model=flux-schnell&remix=old-1');
    expect(item('Use as input')).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Use as prompt', hidden: true })).toBeNull();
  });
});

describe('a handed-over form (Remix)', () => {
  it('opens the model with the creation’s exact settings, priced from them', async () => {
    fakes.router.query = { appId: 'image-to-image', model: 'flux-dev' };
    const settings = { prompt: 'a lighthouse in fog', image_url: 'https://studio.test/api/storage/u/u1/uploads/2026-01-01/a-in.png', prompt_strength: 0.6, image_size: '16:9', guidance: 4.5, num_outputs: 2, seed: 4242 };
    renderWithProviders(<GeneratorPanel {...generatorData('image-to-image')} modelId="flux-dev" handOver={{ values: settings, unavailable: [] }} />, {
      handlers: { 'system.status': () => SYSTEM_STATUS, 'user.details': () => userDetails(), 'prediction.recent': () => [] },
    });
    await screen.findByTestId('dynamic-form');
    expect(screen.getByTestId('generator').getAttribute('data-model')).toBe('flux-dev');
    expect((screen.getByRole('textbox', { name: /prompt/i }) as HTMLTextAreaElement).value).toBe('a lighthouse in fog');
    // The uploader's code loads on demand (a separate chunk): wait for its preview.
    expect((await screen.findByTestId('control-image_url-preview')).querySelector('img')!.getAttribute('src')).toBe(settings.image_url);
    expect(screen.getByRole('slider', { name: 'Prompt strength' }).getAttribute('aria-valuenow')).toBe('0.6');
    // Seed and guidance sit in the collapsed advanced section.
    expect((document.querySelector('input[name="seed"]') as HTMLInputElement).value).toBe('4242');
    // 2 images of FLUX dev at 10 credits each.
    await waitFor(() => expect(screen.getByTestId('credit-cost').textContent).toBe('20'));
    expect(screen.queryByTestId('hand-over-unavailable')).toBeNull();
  });

  it('says so when part of the link could not be handed over', async () => {
    renderWithProviders(<GeneratorPanel {...generatorData('upscaler')} handOver={{ values: {}, unavailable: ['input'] }} />, {
      handlers: { 'system.status': () => SYSTEM_STATUS, 'user.details': () => userDetails() },
    });
    expect((await screen.findByTestId('hand-over-unavailable')).textContent).toBe(
      'Part of what this link hands over is private to another account or no longer exists, so the form opens without it.',
    );
  });
});
