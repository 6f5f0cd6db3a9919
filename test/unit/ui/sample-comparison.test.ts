/**
 * Before the first generation, a before/after tool shows its sample as the pair it is (issue 21
 * §10): Text Remover's example input against its output, labelled by the tool's comparison labels.
 */
import { describe, expect, it } from 'vitest';
import { getModel, publicModelDefinition } from '~/catalogue';
import { sampleComparison } from '~/features/outputs/OutputArea';

describe('sample comparison', () => {
  it('Text Remover’s placeholder compares its example input with its output', () => {
    const model = publicModelDefinition(getModel('kontext-text-remover')!);
    expect(model.ui.comparisonLabels).toEqual(['Original', 'Text Removed']);
    const example = model.ui.examples.find((e) => e.input)!;
    expect(sampleComparison(model)).toEqual({ before: example.input, after: example.output });
  });

  it('a tool without comparison labels shows its sample alone', () => {
    expect(sampleComparison(publicModelDefinition(getModel('flux-schnell')!))).toBeNull();
  });
});
