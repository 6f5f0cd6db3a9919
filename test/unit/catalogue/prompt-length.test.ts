/**
 * Every prompt control has one maximum length, derived from the catalogue: the provider's published
 * limit where the definition states it, else 2,000 characters. The derived input schema (the one
 * the form and the server both run) refuses one character more, with a message naming the limit.
 */
import { describe, expect, it } from 'vitest';
import { controlProblem, DEFAULT_PROMPT_MAX_LENGTH, inputSchemaFor, models, promptMaxLength, validateForModel, type ControlOf } from '~/catalogue';

const promptControls = models.flatMap((model) =>
  model.ui.controls.filter((c): c is ControlOf<'prompt'> => c.type === 'prompt').map((control) => ({ model, control })),
);

/** Limits the providers publish (Kling's and Pixverse's API references); none for the rest. */
const PROVIDER_LIMITS: Record<string, number> = {
  'kling-v2.1-standard': 2500,
  'kling-v2.1-pro': 2500,
  'kling-1.6-multi': 2500,
  'kling-1.6-text-to-video': 2500,
  pixverse: 2048,
};

describe('prompt length limits', () => {
  it('gives every prompt control a limit: the provider’s where known, else 2,000', () => {
    expect(promptControls.length).toBeGreaterThan(20);
    for (const { model, control } of promptControls) {
      expect([model.id, control.name, promptMaxLength(control)]).toEqual([model.id, control.name, PROVIDER_LIMITS[model.id] ?? DEFAULT_PROMPT_MAX_LENGTH]);
    }
  });

  it.each(promptControls.map(({ model, control }) => [model.id, control.name, model, control] as const))(
    '%s %s: accepts the limit, refuses one more with a message naming it',
    (_id, _field, model, control) => {
      const limit = promptMaxLength(control);
      const schema = inputSchemaFor(model);
      const lengthIssues = (value: string) => (schema.safeParse({ [control.name]: value }).error?.issues ?? []).filter((i) => i.path[0] === control.name);
      expect(lengthIssues('x'.repeat(limit))).toEqual([]);
      const expected = `${control.label} must be at most ${limit.toLocaleString('en-US')} characters.`;
      expect(lengthIssues('x'.repeat(limit + 1)).map((i) => i.message)).toEqual([expected]);
      // The browser's field check (no zod) says the same, at the same number.
      expect(controlProblem(control, { [control.name]: 'x'.repeat(limit) })).toBeUndefined();
      expect(controlProblem(control, { [control.name]: 'x'.repeat(limit + 1) })).toBe(expected);
    },
  );

  it('is the message the form’s validation shows', () => {
    const model = models.find((m) => m.id === 'flux-schnell')!;
    expect(validateForModel(model, { prompt: 'x'.repeat(2001) })).toEqual({ ok: false, message: 'Prompt must be at most 2,000 characters.' });
    const kling = models.find((m) => m.id === 'kling-1.6-text-to-video')!;
    expect(validateForModel(kling, { prompt: 'a cat', negative_prompt: 'y'.repeat(2501) })).toEqual({ ok: false, message: 'Negative prompt must be at most 2,500 characters.' });
  });
});
