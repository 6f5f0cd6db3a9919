/** The LoRA-selection rule, the catalogue's (derive/lora-selection.ts): the picker and the ?lora= link both call it. */
import { describe, expect, it } from 'vitest';
import { getModel, loras } from '~/catalogue';
import { loraSelectionValues } from '~/catalogue/public';
import type { Control } from '~/catalogue/public';

const controls = getModel('flux-lora')!.ui.controls;
const realism = loras.find((l) => l.id === 'flux-realism')!;

describe('choosing a LoRA (catalogue rule)', () => {
  it('sets the LoRA, its recommended weight and its default prompt on an empty form', () => {
    expect(loraSelectionValues(controls, realism, {})).toEqual({
      lora: 'flux-realism',
      lora_scale: realism.recommendLoraScale,
      prompt: realism.defaultPrompt,
    });
  });

  it('keeps a prompt the person already wrote', () => {
    expect(loraSelectionValues(controls, realism, { prompt: 'my own words' })).not.toHaveProperty('prompt');
    expect(loraSelectionValues(controls, realism, { prompt: '   ' })).toHaveProperty('prompt', realism.defaultPrompt);
  });

  it('clamps the weight to the slider and names the selector the model has', () => {
    const narrow = controls.map((c): Control => (c.name === 'lora_scale' && c.type === 'slider' ? { ...c, min: 0, max: 0.5 } : c.type === 'lora_selector' ? { ...c, name: 'style' } : c));
    expect(loraSelectionValues(narrow, { ...realism, recommendLoraScale: 0.9 }, {})).toMatchObject({ style: 'flux-realism', lora_scale: 0.5 });
  });

  it('sets only the LoRA on a form without a weight slider or a prompt', () => {
    expect(loraSelectionValues([], realism, {})).toEqual({ lora: 'flux-realism' });
  });
});
