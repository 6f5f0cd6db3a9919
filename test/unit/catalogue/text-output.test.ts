/**
 * Caption and image-to-prompt outputs reach people as plain text (issue 11 item 15): each text
 * model's declared cleaner over its provider model's real output shapes, taken from the providers'
 * schemas (Output types) and documented examples in test/fixtures/provider-limits.json.
 */
import { describe, expect, it } from 'vitest';
import limits from '../../fixtures/provider-limits.json';
import { getModel, models, resolveMode, type ModelDefinition } from '../../../src/catalogue';

type Provider = { output?: { type?: string; items?: { type?: string }; properties?: Record<string, unknown> }; exampleOutput?: unknown };
const providers = limits.providers as unknown as Record<string, Provider>;

const model = (id: string): ModelDefinition => {
  const m = getModel(id);
  if (!m) throw new Error(`missing model ${id}`);
  return m;
};

/** The model's cleaner as the server applies it (with the mode the generation ran in). */
function clean(id: string, output: unknown, mode?: string): string | undefined {
  const m = model(id);
  return m.api.textOutput?.(output, { mode: resolveMode(m, { mode }) });
}

describe('every text model declares one output cleaner', () => {
  it('image-caption, image-to-prompt and prompt-adapter have one; no other model does', () => {
    expect(models.filter((m) => m.api.textOutput).map((m) => m.id)).toEqual(['image-caption', 'image-to-prompt', 'prompt-adapter']);
    expect(models.filter((m) => m.ui.outputType === 'text').map((m) => m.id)).toEqual(['image-caption', 'image-to-prompt', 'prompt-adapter']);
  });
});

describe('Florence-2 (captions, normal mode): the task wrapper goes', () => {
  const florence = providers['lucataco/florence-2-large']!;

  it('answers {img, text} where text is a Python dict keyed by the task (its schema and documented example)', () => {
    expect(florence.output?.type).toBe('object');
    expect(Object.keys(florence.output?.properties ?? {})).toEqual(['img', 'text']);
    expect((florence.exampleOutput as { text: string }).text).toMatch(/^\{'<OD>': /);
  });

  it.each([
    ['{img, text} with a single-quoted dict', { img: null, text: "{'<DETAILED_CAPTION>': 'The image shows a lighthouse on a rocky cliff at sunset.'}" }],
    ['{text} without img', { text: "{'<DETAILED_CAPTION>': 'The image shows a lighthouse on a rocky cliff at sunset.'}" }],
    ['{img: url, text}', { img: 'https://replicate.delivery/pbxt/x/output.png', text: "{'<DETAILED_CAPTION>': 'The image shows a lighthouse on a rocky cliff at sunset.'}" }],
    ['the bare string', "{'<DETAILED_CAPTION>': 'The image shows a lighthouse on a rocky cliff at sunset.'}"],
    ['an object keyed by the task', { '<DETAILED_CAPTION>': 'The image shows a lighthouse on a rocky cliff at sunset.' }],
    ['{text: object}', { text: { '<DETAILED_CAPTION>': 'The image shows a lighthouse on a rocky cliff at sunset.' } }],
    ['extra spaces', { text: "  { '<DETAILED_CAPTION>' : 'The image shows a lighthouse on a rocky cliff at sunset.  ' }\n" }],
  ])('%s', (_shape, output) => {
    expect(clean('image-caption', output, 'normal')).toBe('The image shows a lighthouse on a rocky cliff at sunset.');
  });

  it("keeps apostrophes and quotes Python escaped or double-quoted", () => {
    expect(clean('image-caption', { text: `{'<DETAILED_CAPTION>': "A fisherman's boat moored at the pier."}` }, 'normal')).toBe("A fisherman's boat moored at the pier.");
    expect(clean('image-caption', { text: "{'<CAPTION>': 'A sign reads \\'OPEN\\' and a second line\\nbelow.'}" }, 'normal')).toBe("A sign reads 'OPEN' and a second line\nbelow.");
  });

  it('leaves plain text as it is (the local engine answers plain text)', () => {
    expect(clean('image-caption', 'A calm lake under a cloudy sky.', 'normal')).toBe('A calm lake under a cloudy sky.');
  });
});

describe("BLIP (captions, brief mode): the 'Caption: ' prefix goes", () => {
  const blip = providers['salesforce/blip']!;

  it('answers a string (its schema) or [{text}] (its documented example)', () => {
    expect(blip.output?.type).toBe('string');
    expect(blip.exampleOutput).toEqual([{ text: 'Caption: a woman sitting on the beach with a dog' }]);
  });

  it.each([
    ['the documented example', () => blip.exampleOutput],
    ['the schema’s string', () => 'Caption: a woman sitting on the beach with a dog'],
    ['lower case, extra spaces', () => '  caption:  a woman sitting on the beach with a dog \n'],
  ])('%s', (_shape, output) => {
    expect(clean('image-caption', output(), 'brief')).toBe('a woman sitting on the beach with a dog');
  });
});

describe('LLaVA (captions, detailed mode): streamed tokens join into the answer', () => {
  it('the documented example', () => {
    const llava = providers['yorickvp/llava-13b']!;
    expect(llava.output).toEqual(expect.objectContaining({ type: 'array', items: { type: 'string' } }));
    expect(clean('image-caption', llava.exampleOutput, 'detailed')).toBe(
      'Yes, you are allowed to swim in the lake near the pier. The image shows a pier extending out into the water, and the water appears to be calm, making it a suitable spot for swimming. However, it is always important to be cautious and aware of any potential hazards or regulations in the area before swimming.',
    );
  });
});

describe('CLIP Interrogator (image-to-prompt): the prompt string', () => {
  it('the documented example comes through whole, trimmed', () => {
    const clip = providers['pharmapsychotic/clip-interrogator']!;
    expect(clip.output?.type).toBe('string');
    const example = clip.exampleOutput as string;
    expect(clean('image-to-prompt', `${example}\n`)).toBe(example);
    expect(example.startsWith('a watercolor painting of a sea turtle')).toBe(true);
  });
});

describe('Prompt adapter (LLaVA writing a prompt): labels and wrapping quotes go', () => {
  it.each([
    [['"a misty ', 'pine forest at dawn, ', 'volumetric light"']],
    [['Prompt: a misty pine forest at dawn, volumetric light']],
    [['Here is the prompt for Midjourney: ', '“a misty pine forest at dawn, volumetric light”']],
    [[' a misty pine forest at dawn, volumetric light ']],
  ])('%j', (output) => {
    expect(clean('prompt-adapter', output)).toBe('a misty pine forest at dawn, volumetric light');
  });

  it('keeps quotes that belong to the prompt', () => {
    expect(clean('prompt-adapter', ['a neon sign reading "OPEN" in the rain'])).toBe('a neon sign reading "OPEN" in the rain');
  });
});
