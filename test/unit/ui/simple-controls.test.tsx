// @vitest-environment jsdom
/** The simple controls' behaviours (tool-catalogue §3) and the form's dependsOn handling. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { getModel, publicModelDefinition, SEED_RANDOM_BELOW, type ControlOf, type ControlType, type PublicModelDefinition } from '~/catalogue';
import { dependencyMet, isControlVisible } from '~/features/form/depends-on';
import { requestValues, valuesFromCreation } from '~/features/form/form-values';
import { ControlRenderer } from '~/features/form/controls/ControlRenderer';
import { splitRatios } from '~/features/form/controls/simple/AspectRatioControl';
import { randomSeed } from '~/features/form/controls/simple/SeedControl';
import type { FormValues } from '~/features/form/controls/types';
import { renderWithProviders } from './helpers/providers';

function control<T extends ControlType>(model: PublicModelDefinition, type: T, name?: string): ControlOf<T> {
  const found = model.ui.controls.find((c) => c.type === type && (!name || c.name === name));
  if (!found) throw new Error(`${model.id} has no ${type}`);
  return found as ControlOf<T>;
}

function Harness({ model, target, initial }: { model: PublicModelDefinition; target: ControlOf<ControlType>; initial: FormValues }) {
  const [values, setValues] = useState<FormValues>(initial);
  return (
    <>
      <ControlRenderer
        control={target}
        model={model}
        value={values[target.name]}
        onChange={(v) => setValues((p) => ({ ...p, [target.name]: v }))}
        setValue={(f, v) => setValues((p) => ({ ...p, [f]: v }))}
        values={values}
      />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as FormValues;

afterEach(() => cleanup());

describe('prompt', () => {
  it('counts against the limit the server enforces: the provider’s where known, else 2,000', () => {
    const flux = publicModelDefinition(getModel('flux-schnell')!);
    renderWithProviders(<Harness model={flux} target={control(flux, 'prompt')} initial={{}} />);
    expect(screen.getByTestId('prompt-counter').textContent).toBe('0/2,000');
    const box = screen.getByRole('textbox');
    expect(box.getAttribute('maxlength')).toBe('2000');
    fireEvent.change(box, { target: { value: 'a fox' } });
    expect(screen.getByTestId('prompt-counter').textContent).toBe('5/2,000');
    cleanup();
    const pixverse = publicModelDefinition(getModel('pixverse')!);
    renderWithProviders(<Harness model={pixverse} target={control(pixverse, 'prompt', 'negative_prompt')} initial={{}} />);
    expect(screen.getByTestId('prompt-counter').textContent).toBe('0/2,048');
    expect(screen.getByRole('textbox').getAttribute('maxlength')).toBe('2048');
  });
});

describe('prompt_template', () => {
  it("shows the first 3 templates, then 'Show N more templates'; a click fills the prompt", () => {
    const model = publicModelDefinition(getModel('flux-kontext')!);
    const templates = control(model, 'prompt_template');
    renderWithProviders(<Harness model={model} target={templates} initial={{}} />);
    const first = templates.templates[0]!;
    expect(screen.getAllByRole('button', { pressed: false }).filter((b) => b.getAttribute('data-testid')?.startsWith('template-'))).toHaveLength(3);
    expect(screen.getByTestId('more-templates').textContent).toBe(`Show ${templates.templates.length - 3} more templates`);
    fireEvent.click(screen.getByTestId('more-templates'));
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('data-testid')?.startsWith('template-'))).toHaveLength(templates.templates.length);
    fireEvent.click(screen.getByTestId(`template-${first.id}`));
    expect(values().prompt).toBe(first.prompt);
  });
});

describe('aspect_ratio_selector', () => {
  it('shows up to 6 common ratios; the rest behind the expander', () => {
    expect(splitRatios(['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '21:9' as never])).toEqual({ auto: false, common: ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2'], more: ['2:3', '4:5', '21:9'] });
    const model = publicModelDefinition(getModel('flux-schnell')!);
    const ratios = control(model, 'aspect_ratio_selector');
    renderWithProviders(<Harness model={model} target={ratios} initial={{ image_size: '1:1' }} />);
    const { more } = splitRatios(ratios.choices);
    expect(more.length).toBeGreaterThan(0);
    expect(screen.queryByTestId(`ratio-${more[0]}`)).toBeNull();
    fireEvent.click(screen.getByTestId('more-ratios'));
    fireEvent.click(screen.getByTestId(`ratio-${more[0]}`));
    expect(values().image_size).toBe(more[0]);
  });
});

describe('seed', () => {
  it('the random button gives an integer below 1,000,000', () => {
    for (const r of [0, 0.5, 0.999999999]) {
      const seed = randomSeed(undefined, () => r);
      expect(Number.isInteger(seed)).toBe(true);
      expect(seed).toBeGreaterThanOrEqual(0);
      expect(seed).toBeLessThan(SEED_RANDOM_BELOW);
    }
    const model = publicModelDefinition(getModel('flux-schnell')!);
    renderWithProviders(<Harness model={model} target={control(model, 'seed')} initial={{}} />);
    fireEvent.click(screen.getByTestId('random-seed'));
    const seed = values().seed as number;
    expect(Number.isInteger(seed) && seed >= 0 && seed < SEED_RANDOM_BELOW).toBe(true);
  });
});

describe('slider, toggle, number and duration selectors', () => {
  it('write numbers and booleans of the catalogue ranges', () => {
    const dev = publicModelDefinition(getModel('flux-dev')!);
    renderWithProviders(<Harness model={dev} target={control(dev, 'number_selector')} initial={{ num_outputs: 1 }} />);
    fireEvent.click(screen.getByText('3'));
    expect(values().num_outputs).toBe(3);
    cleanup();
    const kling = publicModelDefinition(getModel('kling-v2.1-standard')!);
    renderWithProviders(<Harness model={kling} target={control(kling, 'duration_selector')} initial={{ duration: 5 }} />);
    fireEvent.click(screen.getByText('10s'));
    expect(values().duration).toBe(10);
    cleanup();
    const ultra = publicModelDefinition(getModel('flux-1.1-pro-ultra')!);
    renderWithProviders(<Harness model={ultra} target={control(ultra, 'toggle')} initial={{ raw: false }} />);
    fireEvent.click(screen.getByRole('switch'));
    expect(values().raw).toBe(true);
  });

  it("Pixverse's duration control offers exactly the clips it renders: '5s' and '8s'", () => {
    for (const id of ['pixverse', 'pixverse-effects']) {
      const pixverse = publicModelDefinition(getModel(id)!);
      renderWithProviders(<Harness model={pixverse} target={control(pixverse, 'duration_selector')} initial={{ duration: 5 }} />);
      expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent ?? r.parentElement?.textContent)).toEqual(['5s', '8s']);
      fireEvent.click(screen.getByText('8s'));
      expect(values().duration).toBe(8);
      cleanup();
    }
  });
});

describe('dependsOn', () => {
  it('exists, not exists and equals', () => {
    expect(dependencyMet({ field: 'image_url', exists: true }, { image_url: 'https://x/a.png' })).toBe(true);
    expect(dependencyMet({ field: 'image_url', exists: true }, { image_url: '' })).toBe(false);
    expect(dependencyMet({ field: 'image_url', exists: false }, {})).toBe(true);
    expect(dependencyMet({ field: 'mode', equals: 'dev' }, { mode: 'dev' })).toBe(true);
    expect(dependencyMet({ field: 'mode', equals: 'dev' }, { mode: 'pro' })).toBe(false);
  });

  it("flux-dev: with an input image the strength shows and the aspect ratio hides (and is not sent)", () => {
    const model = publicModelDefinition(getModel('flux-dev')!);
    const strength = model.ui.controls.find((c) => c.name === 'prompt_strength')!;
    const ratio = model.ui.controls.find((c) => c.name === 'image_size')!;
    const withImage = { prompt: 'x', image_url: 'https://x/a.png', prompt_strength: 0.8, image_size: '1:1' };
    expect(isControlVisible(strength, withImage)).toBe(true);
    expect(isControlVisible(ratio, withImage)).toBe(false);
    expect(requestValues(model, withImage)).not.toHaveProperty('image_size');
    expect(requestValues(model, { prompt: 'x', prompt_strength: 0.8, image_size: '1:1' })).not.toHaveProperty('prompt_strength');
  });
});

describe('refill from a creation', () => {
  const creation = { display: { prompt: 'a fox', inputImages: ['https://x/in.png', 'https://x/second.png'] } };
  it('puts the first input image in the first image field and the prompt in the prompt', () => {
    expect(valuesFromCreation(publicModelDefinition(getModel('flux-dev')!), creation)).toEqual({ image_url: 'https://x/in.png', prompt: 'a fox' });
    expect(valuesFromCreation(publicModelDefinition(getModel('kling-v2.1-pro')!), creation)).toEqual({ start_image_url: 'https://x/in.png', prompt: 'a fox' });
    expect(valuesFromCreation(publicModelDefinition(getModel('kling-1.6-multi')!), creation)).toEqual({ input_image_urls: ['https://x/in.png'], prompt: 'a fox' });
    expect(valuesFromCreation(publicModelDefinition(getModel('remove-background')!), creation)).toEqual({ image_url: 'https://x/in.png' });
    expect(valuesFromCreation(publicModelDefinition(getModel('flux-schnell')!), creation)).toEqual({ prompt: 'a fox' });
  });
});
