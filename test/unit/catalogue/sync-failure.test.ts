import { describe, expect, it } from 'vitest';
import { getModel, models } from '../../../src/catalogue';

describe('synchronous text tools name their failure (core-flow §8)', () => {
  it.each([
    ['image-caption', 'Failed to generate caption.'],
    ['image-to-prompt', 'Failed to generate prompt.'],
    ['prompt-adapter', 'Failed to generate prompt.'],
  ])('%s → %s', (id, message) => {
    expect(getModel(id)!.ui.syncFailureMessage).toBe(message);
  });

  it('only synchronous models carry one', () => {
    for (const model of models) if (model.ui.syncFailureMessage) expect(model.sync, model.id).toBe(true);
  });
});
