/** What the local engine does for each model: decided once, by define() (catalogue/schema.ts). */
import { describe, expect, it } from 'vitest';
import { getModel, models, parseModelDefinition } from '~/catalogue';
import { flux11Pro } from '~/catalogue/models/flux-text-to-image';
import { relight } from '~/catalogue/models/portrait';

describe('the local engine’s operation (define())', () => {
  it('every model has one after parsing', () => {
    for (const model of models) expect(model.local.operation, model.id).toEqual(expect.any(String));
  });

  it('follows the output when the model names none: video, caption, edit of an input image, or a new image', () => {
    const derived = models.filter((m) => !['relight', 'fill', 'depth', 'edges', 'caption', 'image-to-prompt', 'prompt-adapter', 'upscale', 'remove-background'].includes(m.local.operation));
    for (const model of derived) {
      const takesImage = model.ui.controls.some((c) => c.type === 'image_input' || c.type === 'multi_image_input');
      const expected = model.ui.outputType === 'video' ? 'video' : takesImage ? 'edit' : 'text-to-image';
      expect(model.local.operation, model.id).toBe(expected);
    }
    expect(getModel('flux-dev')!.local.operation).toBe('edit'); // its optional image prompt is edited when given
  });

  it('keeps an operation the model names itself, and derives one only when it names none', () => {
    expect(parseModelDefinition({ ...flux11Pro, local: { operation: 'depth' } }).local).toEqual({ operation: 'depth' });
    expect(parseModelDefinition(flux11Pro).local).toEqual({ operation: 'edit' });
    expect(parseModelDefinition(relight).local).toEqual({ operation: 'relight' });
  });
});
