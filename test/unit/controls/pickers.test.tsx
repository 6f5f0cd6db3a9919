// @vitest-environment jsdom
/** The pickers (tool-catalogue §2, §3): effect dropdown, LoRA dialog, video effects, styles, backgrounds. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLora, imageEffects, loras, searchEffects, videoEffects } from '~/catalogue';
import {
  BackgroundSelectorControl,
  ImageEffectSelectorControl,
  LoraSelectorControl,
  VideoEffectSelectorControl,
  VideoStyleSelectorControl,
} from '~/features/form/controls/pickers';
import { fakes, resetFakes } from '../ui/helpers/fakes';
import type { Handlers } from '../ui/helpers/providers';
import { controlOf, publicModel, renderControl } from './helpers/harness';

vi.mock('next-auth/react', async () => (await import('../ui/helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('../ui/helpers/fakes')).nextRouterModule);

/** The pickers read the catalogue in the page and ask the server nothing: no procedure is answered. */
const NO_PROCEDURES: Handlers = {};

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe('image_effect_selector (the effect dropdown)', () => {
  const model = publicModel('kontext-style-effect');
  const control = controlOf(model, 'image_effect_selector');

  /** Closed dropdowns stay mounted, hidden. */
  const dropdownShown = () => {
    const element = screen.queryByTestId('control-effect_template_id-dropdown');
    return element !== null && element.style.display !== 'none';
  };

  /** Opens the dropdown once the effects (loaded on demand) have arrived. */
  async function open() {
    fireEvent.click(screen.getByTestId('control-effect_template_id-target'));
    const dropdown = await screen.findByTestId('control-effect_template_id-dropdown');
    await waitFor(() => expect(within(dropdown).queryAllByRole('option').length).toBeGreaterThan(0));
    return dropdown;
  }

  it('shows the current effect and, opened, every effect with the count and hot/new badges', async () => {
    renderControl(ImageEffectSelectorControl, { handlers: NO_PROCEDURES, model, control, values: { effect_template_id: 'ghibli' } });
    expect(await within(screen.getByTestId('control-effect_template_id-target')).findByText('Ghibli Style')).toBeTruthy();
    const dropdown = await open();
    expect(within(dropdown).getByTestId('effect-count').textContent).toBe(`${imageEffects.length} effects found`);
    expect(within(dropdown).getAllByRole('option')).toHaveLength(imageEffects.length);
    const actionFigure = within(dropdown).getByTestId('effect-option-action-figure');
    expect(within(actionFigure).getByText('Hot')).toBeTruthy();
    expect(within(actionFigure).getByText('New')).toBeTruthy();
    expect(within(dropdown).getAllByText('Hot')).toHaveLength(imageEffects.filter((e) => e.isHot).length);
    expect(within(dropdown).getAllByText('New')).toHaveLength(imageEffects.filter((e) => e.isNew).length);
  });

  it('searches, counts what it found, and says "No effects found matching" when nothing matches', async () => {
    renderControl(ImageEffectSelectorControl, { handlers: NO_PROCEDURES, model, control });
    const dropdown = await open();
    const search = within(dropdown).getByRole('textbox', { name: 'Search effects' });
    fireEvent.change(search, { target: { value: 'anime' } });
    const expected = searchEffects(imageEffects, 'anime').length;
    expect(expected).toBeGreaterThan(0);
    expect(within(dropdown).getByTestId('effect-count').textContent).toBe(expected === 1 ? '1 effect found' : `${expected} effects found`);
    expect(within(dropdown).getAllByRole('option')).toHaveLength(expected);

    fireEvent.change(search, { target: { value: 'zzzz' } });
    expect(within(dropdown).getByTestId('effect-count').textContent).toBe('0 effects found');
    expect(within(dropdown).getByText('No effects found matching "zzzz"')).toBeTruthy();
    expect(within(dropdown).queryAllByRole('option')).toHaveLength(0);
  });

  it('closes on Escape', async () => {
    renderControl(ImageEffectSelectorControl, { handlers: NO_PROCEDURES, model, control });
    const dropdown = await open();
    expect(dropdownShown()).toBe(true);
    fireEvent.keyDown(within(dropdown).getByRole('textbox', { name: 'Search effects' }), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(dropdownShown()).toBe(false));
  });

  it('closes on an outside click', async () => {
    renderControl(ImageEffectSelectorControl, { handlers: NO_PROCEDURES, model, control });
    await open();
    expect(dropdownShown()).toBe(true);
    fireEvent.mouseDown(document.body);
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(dropdownShown()).toBe(false));
  });

  it('with navigation on, choosing an effect on /image-effects/{id} goes to the locale-prefixed /image-effects/{effectId}', async () => {
    expect(control.navigate).toBe(true);
    fakes.router.pathname = '/image-effects/[effectId]';
    try {
      const { values } = renderControl(ImageEffectSelectorControl, { handlers: NO_PROCEDURES, model, control, values: { effect_template_id: 'ghibli' } });
      const dropdown = await open();
      fireEvent.click(within(dropdown).getByTestId('effect-option-anime'));
      expect(values().effect_template_id).toBe('anime');
      expect(fakes.router.push).toHaveBeenCalledWith('/image-effects/anime', undefined, { locale: 'es', shallow: true, scroll: false });
    } finally {
      fakes.router.pathname = '/create/[appId]';
    }
  });

  it('on a /create/... page (Photo Effects inside an app) choosing an effect only sets it: the photo and settings stay (issue 21 §9)', async () => {
    expect(fakes.router.pathname).toBe('/create/[appId]');
    const { values } = renderControl(ImageEffectSelectorControl, { handlers: NO_PROCEDURES, model, control, values: { effect_template_id: 'ghibli', prompt: 'keep me' } });
    const dropdown = await open();
    fireEvent.click(within(dropdown).getByTestId('effect-option-anime'));
    expect(values()).toMatchObject({ effect_template_id: 'anime', prompt: 'keep me' });
    expect(fakes.router.push).not.toHaveBeenCalled();
  });

  it('with navigation off, choosing an effect only sets it', async () => {
    const { values } = renderControl(ImageEffectSelectorControl, { handlers: NO_PROCEDURES, model, control, values: { effect_template_id: 'ghibli' }, extra: { navigate: false } });
    const dropdown = await open();
    fireEvent.click(within(dropdown).getByTestId('effect-option-pixel-art'));
    expect(values().effect_template_id).toBe('pixel-art');
    expect(fakes.router.push).not.toHaveBeenCalled();
    await waitFor(() => expect(dropdownShown()).toBe(false));
  });

  it('works from the keyboard: arrows and Enter choose', async () => {
    const { values } = renderControl(ImageEffectSelectorControl, { handlers: NO_PROCEDURES, model, control, extra: { navigate: false } });
    const dropdown = await open();
    const search = within(dropdown).getByRole('textbox', { name: 'Search effects' });
    fireEvent.change(search, { target: { value: 'pixel' } });
    fireEvent.keyDown(search, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    expect(values().effect_template_id).toBe('pixel-art');
  });
});

describe('lora_selector (the LoRA picker dialog)', () => {
  const model = publicModel('flux-lora');
  const control = controlOf(model, 'lora_selector');

  it('shows the default LoRA with its "not for commercial use" notice', () => {
    renderControl(LoraSelectorControl, { handlers: NO_PROCEDURES, model, control });
    expect(control.default).toBe('flux-realism');
    expect(screen.getByTestId('control-lora-selected').textContent).toBe(getLora('flux-realism')!.label);
    expect(screen.getByTestId('lora-notice').textContent).toBe('not for commercial use');
  });

  it('has no notice for a commercially usable LoRA', () => {
    const commercial = loras.find((l) => !l.commercialInfo.notice)!;
    renderControl(LoraSelectorControl, { handlers: NO_PROCEDURES, model, control, values: { lora: commercial.id } });
    expect(screen.queryByTestId('lora-notice')).toBeNull();
  });

  it('searches by name or tag, filters by tag chip, and says when nothing matches', async () => {
    renderControl(LoraSelectorControl, { handlers: NO_PROCEDURES, model, control });
    fireEvent.click(screen.getByTestId('control-lora-open'));
    const dialog = await screen.findByTestId('lora-picker');
    expect(within(dialog).getAllByTestId(/^lora-option-/)).toHaveLength(loras.length);
    expect(within(dialog).getByTestId('lora-option-flux-realism').getAttribute('aria-pressed')).toBe('true');
    const search = within(dialog).getByRole('textbox', { name: 'Search LoRA models' });
    fireEvent.change(search, { target: { value: 'anime' } });
    const anime = loras.filter((l) => [l.label, l.description, l.type, l.handle, ...l.tags, ...l.triggerWords].some((x) => x.toLowerCase().includes('anime')));
    for (const l of anime) expect(within(dialog).getByTestId(`lora-option-${l.id}`)).toBeTruthy();
    expect(within(dialog).queryByTestId('lora-option-logo-design')).toBeNull();

    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'sketch' }));
    const sketch = loras.filter((l) => l.tags.includes('sketch'));
    expect(within(dialog).getAllByTestId(/^lora-option-/)).toHaveLength(sketch.length);

    fireEvent.change(search, { target: { value: 'no-such-style' } });
    expect(within(dialog).getByText('No LoRA models found matching "no-such-style"')).toBeTruthy();
  });

  it('cards carry the notice; choosing one sets the LoRA, its recommended weight and an empty prompt', async () => {
    const { values } = renderControl(LoraSelectorControl, { handlers: NO_PROCEDURES, model, control, values: { lora: 'flux-realism', lora_scale: 1, prompt: '' } });
    fireEvent.click(screen.getByTestId('control-lora-open'));
    const dialog = await screen.findByTestId('lora-picker');
    const logo = within(dialog).getByTestId('lora-option-logo-design');
    expect(within(logo).getByText('not for commercial use')).toBeTruthy();
    const koda = within(dialog).getByTestId('lora-option-koda-film');
    expect(within(koda).queryByText('not for commercial use')).toBeNull();
    fireEvent.click(logo);
    const chosen = getLora('logo-design')!;
    expect(values().lora).toBe('logo-design');
    expect(values().lora_scale).toBe(chosen.recommendLoraScale);
    expect(values().prompt).toBe(chosen.defaultPrompt);
    await waitFor(() => expect(screen.queryByTestId('lora-picker')).toBeNull());
    expect(screen.getByTestId('control-lora-selected').textContent).toBe(chosen.label);
  });

  it('keeps a prompt the user already wrote', async () => {
    const { values } = renderControl(LoraSelectorControl, { handlers: NO_PROCEDURES, model, control, values: { lora: 'flux-realism', prompt: 'my own words' } });
    fireEvent.click(screen.getByTestId('control-lora-open'));
    fireEvent.click(within(await screen.findByTestId('lora-picker')).getByTestId('lora-option-koda-film'));
    expect(values().prompt).toBe('my own words');
  });
});

describe('video_effect_selector, video_style_selector, background_selector', () => {
  it('offers only the templates of its model, with badges and the two-photo note', () => {
    const model = publicModel('kling-effects');
    const control = controlOf(model, 'video_effect_selector');
    const { values } = renderControl(VideoEffectSelectorControl, { handlers: NO_PROCEDURES, model, control, values: { effect_template_id: 'hug' } });
    const own = videoEffects.filter((e) => e.modelId === 'kling-effects');
    expect(screen.getAllByRole('radio')).toHaveLength(own.length);
    expect(screen.getByRole('radio', { name: getName('hug') }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('control-effect_template_id-description').textContent).toContain('Needs two photos');
    const other = own.find((e) => e.id !== 'hug')!;
    fireEvent.click(screen.getByRole('radio', { name: other.name }));
    expect(values().effect_template_id).toBe(other.id);
  });

  it('Pixverse styles from the catalogue', () => {
    const model = publicModel('pixverse');
    const control = controlOf(model, 'video_style_selector');
    const { values } = renderControl(VideoStyleSelectorControl, { handlers: NO_PROCEDURES, model, control });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(control.choices.map((c) => c.label));
    expect(screen.getByRole('radio', { name: 'None' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Anime' }));
    expect(values().style).toBe('anime');
  });

  it('headshot backgrounds from the catalogue', () => {
    const model = publicModel('headshot');
    const control = controlOf(model, 'background_selector');
    const { values } = renderControl(BackgroundSelectorControl, { handlers: NO_PROCEDURES, model, control });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['White', 'Black', 'Neutral', 'Gray', 'Office']);
    expect(screen.getByRole('radio', { name: 'Neutral' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Office' }));
    expect(values().background).toBe('office');
  });
});

function getName(id: string): string {
  return videoEffects.find((e) => e.id === id)!.name;
}
