/**
 * When a form control renders again (features/form/control-render.ts): a keystroke in one field
 * leaves the others alone, except the controls that read other fields, which must see every change.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getModel, publicModelDefinition } from '~/catalogue';
import { controlRendersAlike, READS_OTHER_FIELDS } from '~/features/form/control-render';
import type { ControlProps } from '~/features/form/controls/types';
import { codeOf, SRC_DIR, sourceFiles } from '@test/helpers/source-tree';

const model = publicModelDefinition(getModel('flux-schnell')!);
const setValue = () => undefined;
const seed = model.ui.controls.find((c) => c.type === 'seed')!;

function propsOf(control: ControlProps['control'], values: Record<string, unknown>, extra: Partial<ControlProps> = {}): ControlProps {
  return { control, model, value: values[control.name], onChange: () => undefined, setValue, values, error: null, disabled: false, ...extra };
}

describe('a form control', () => {
  it('does not render again when another field changes', () => {
    const before = propsOf(seed, { prompt: 'a fox', seed: 7 });
    expect(controlRendersAlike(before, propsOf(seed, { prompt: 'a fox in snow', seed: 7 }))).toBe(true);
  });

  it('renders again when its own value, its error or the disabled state change', () => {
    const before = propsOf(seed, { prompt: 'a fox', seed: 7 });
    expect(controlRendersAlike(before, propsOf(seed, { prompt: 'a fox', seed: 8 }))).toBe(false);
    expect(controlRendersAlike(before, propsOf(seed, { prompt: 'a fox', seed: 7 }, { error: 'Seed must be a whole number.' }))).toBe(false);
    expect(controlRendersAlike(before, propsOf(seed, { prompt: 'a fox', seed: 7 }, { disabled: true }))).toBe(false);
  });

  it('that reads other fields renders again on any change of the form', () => {
    const mask = { ...seed, type: 'mask_input', name: 'mask', imageField: 'image' } as unknown as ControlProps['control'];
    const before = propsOf(mask, { image: null, mask: null });
    expect(controlRendersAlike(before, propsOf(mask, { image: 'https://example.test/a.png', mask: null }))).toBe(false);
  });

  it('reads other fields only if its type is listed as doing so (every control given `values` is)', () => {
    const readers = sourceFiles(path.join(SRC_DIR, 'features/form/controls'))
      .map((file) => codeOf(file).match(/\(\{[^}]*\bvalues\b[^}]*\}: ControlProps<'([a-z_]+)'>\)/)?.[1])
      .filter((type): type is string => type !== undefined);
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.filter((type) => !READS_OTHER_FIELDS.has(type))).toEqual([]);
  });
});
