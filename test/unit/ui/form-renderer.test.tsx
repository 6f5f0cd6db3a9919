// @vitest-environment jsdom
/**
 * The form renderer over EVERY catalogue model: it renders every control (no 'Unknown control
 * type'), the defaults become valid once the required images and prompt are filled, and the
 * footer shows exactly the catalogue's cost.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditCostFor, getModel, getVideoEffect, models, publicModelDefinition, validateForModel, type ModelDefinition, type PublicModelDefinition } from '~/catalogue';
import type { FormValues } from '~/features/form/controls/types';
import { isControlVisible } from '~/features/form/depends-on';
import { DynamicForm } from '~/features/form/DynamicForm';
import { evaluateForm, initialValues, requestValues } from '~/features/form/form-values';
import { useModelForm } from '~/features/form/useModelForm';
import { FormFooter } from '~/features/generator/FormFooter';
import { resetFakes } from './helpers/fakes';
import { renderWithProviders } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const IMAGE = 'https://studio.test/storage/uploads/photo.png';

/** What a person fills in before generating: every image field, a prompt, unset required choices. */
function filledValues(model: PublicModelDefinition): FormValues {
  const values = initialValues(model);
  for (const control of model.ui.controls) {
    switch (control.type) {
      case 'prompt':
        if (control.name === 'prompt' && !values.prompt) values.prompt = 'A red fox in fresh snow, golden hour';
        break;
      case 'image_input':
        values[control.name] = IMAGE;
        break;
      case 'start_end_image_input':
        values[control.name] = IMAGE;
        break;
      case 'multi_image_input':
        values[control.name] = [IMAGE];
        break;
      case 'mask_input':
        values[control.name] = 'https://studio.test/storage/masks/mask.png';
        break;
      case 'button_group_selector':
      case 'select':
        if (values[control.name] === undefined) values[control.name] = control.choices[0]?.value;
        break;
      default:
        break;
    }
  }
  // A two-person video template needs its second photo.
  const effect = typeof values.effect_template_id === 'string' ? getVideoEffect(values.effect_template_id) : undefined;
  if (effect?.imageCount === 2) values.effect_input_2 = IMAGE;
  return values;
}

/** The fields a person must fill that a fresh form leaves empty: shown, marked required, no default in the catalogue. */
function leftEmpty(model: PublicModelDefinition): string[] {
  const values = initialValues(model);
  const empty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  return model.ui.controls.filter((c) => c.required === true && isControlVisible(c, values) && empty(values[c.name])).map((c) => c.name);
}

/** The catalogue split by what a fresh form lacks: tools that need input before Generate, and tools ready as they are. */
const needInput = models.filter((m) => leftEmpty(publicModelDefinition(m)).length > 0);
const readyAsIs = models.filter((m) => leftEmpty(publicModelDefinition(m)).length === 0);

function FormHarness({ model, preset }: { model: PublicModelDefinition; preset: FormValues }) {
  const form = useModelForm(model, () => preset);
  return (
    <>
      <DynamicForm model={form.definition} values={form.values} setValue={form.setValue} fieldErrors={form.verdict.fieldErrors} />
      <FormFooter
        cost={form.verdict.cost}
        valid={form.verdict.validation.ok}
        validationMessage={form.verdict.validation.ok ? null : form.verdict.validation.message}
        processing={false}
        checking={false}
        estimatedSeconds={30}
        premium={false}
        isPublic
        onPublicChange={() => undefined}
        onGenerate={() => undefined}
      />
    </>
  );
}

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe.each(models.map((m) => [m.id, publicModelDefinition(m), m] as const))('%s', (_id, model, full) => {
  it('defaults become valid once the required images and prompt are filled', () => {
    const filled = filledValues(model);
    const verdict = evaluateForm(model, filled);
    expect(verdict.validation, JSON.stringify(filled)).toEqual({ ok: true });
    // The server's full check (rules, then the derived schema) agrees with the browser's.
    expect(validateForModel(full, requestValues(model, filled))).toEqual({ ok: true });
  });

  it('renders every control and shows the catalogue cost', async () => {
    const filled = filledValues(model);
    const { container } = renderWithProviders(<FormHarness model={model} preset={filled} />);
    const form = screen.getByTestId('dynamic-form');
    // Heavier controls load their code on demand behind a skeleton.
    await waitFor(() => expect(screen.queryAllByTestId('control-loading')).toHaveLength(0));
    expect(form.getAttribute('data-model')).toBe(model.id);
    expect(screen.queryByTestId('unknown-control')).toBeNull();
    for (const control of model.ui.controls.filter((c) => isControlVisible(c, filled))) {
      const labelled = within(container).queryAllByText((_, el) => el?.textContent?.trim().replace(/\s*\*$/, '') === control.label);
      expect(labelled.length, `${model.id}: control ${control.type} '${control.label}'`).toBeGreaterThan(0);
    }
    expect(screen.getByTestId('credit-cost').textContent).toBe(String(creditCostFor(full, requestValues(model, filled))));
    expect((screen.getByTestId('generate-button') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('an untouched form', () => {
  it('is valid exactly for the tools with no required field left empty', () => {
    const valid = models.filter((m) => evaluateForm(publicModelDefinition(m), initialValues(publicModelDefinition(m))).validation.ok);
    expect(valid.map((m) => m.id)).toEqual(readyAsIs.map((m) => m.id));
    expect(needInput.length + readyAsIs.length).toBe(models.length);
  });

  it.each(needInput.map((m) => [m.id, m] as [string, ModelDefinition]))('%s explains what it needs, in the server’s words', (_id, full) => {
    const model = publicModelDefinition(full);
    const untouched = evaluateForm(model, initialValues(model));
    expect(untouched.validation).toEqual({ ok: false, message: expect.stringMatching(/\S/) });
    expect(untouched.validation).toEqual(validateForModel(full, requestValues(model, initialValues(model))));
  });
});

describe('the form as a whole', () => {
  it("shows 'Unknown control type' for a control it does not know", () => {
    const base = publicModelDefinition(getModel('flux-schnell')!);
    const odd = { ...base, ui: { ...base.ui, controls: [...base.ui.controls, { type: 'hologram', name: 'hologram', label: 'Hologram' } as never] } };
    renderWithProviders(<DynamicForm model={odd} values={{}} setValue={() => undefined} />);
    expect(screen.getByTestId('unknown-control').textContent).toBe('Unknown control type');
  });

  it('disables Generate and says why while the form is invalid', () => {
    const model = publicModelDefinition(getModel('flux-schnell')!);
    renderWithProviders(<FormHarness model={model} preset={initialValues(model)} />);
    expect((screen.getByTestId('generate-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('validation-message').textContent).toBe('Prompt is required.');
  });

  it('an out-of-range seed is named under the seed field and in the footer, in the server\'s words; the largest one is fine', () => {
    const full = getModel('flux-schnell')!;
    const model = publicModelDefinition(full);
    const message = 'Seed must be a whole number from 0 to 2,147,483,647.';
    renderWithProviders(<FormHarness model={model} preset={{ ...filledValues(model), seed: 2_147_483_648 }} />);
    expect(screen.getByTestId('validation-message').textContent).toBe(message);
    expect(evaluateForm(model, { ...filledValues(model), seed: -1 }).fieldErrors.seed).toBe(message);
    expect(validateForModel(full, requestValues(model, { ...filledValues(model), seed: 2_147_483_648 }))).toEqual({ ok: false, message });
    cleanup();
    renderWithProviders(<FormHarness model={model} preset={{ ...filledValues(model), seed: 2_147_483_647 }} />);
    expect(screen.queryByTestId('validation-message')).toBeNull();
    expect((screen.getByTestId('generate-button') as HTMLButtonElement).disabled).toBe(false);
  });
});
