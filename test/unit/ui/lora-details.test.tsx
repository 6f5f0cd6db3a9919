// @vitest-environment jsdom
/** /models/{lora-id}: the how-to, tips and FAQ sections say what is true of that LoRA, as many entries as its contentLengths. */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getLora, type Lora } from '~/catalogue';
import { LoraDetails } from '~/features/generator/pages/LoraDetails';
import { loraPageData } from '~/server/pages/page-props';
import { renderWithProviders } from '../controls/helpers/render';

afterEach(cleanup);

function sections(lora: Lora) {
  renderWithProviders(<LoraDetails {...loraPageData(lora.id)} lora={lora} />);
  const items = (testId: string, role: string) => within(screen.getByTestId(testId)).getAllByRole(role).map((el) => el.textContent ?? '');
  return { howTo: items('lora-howto', 'listitem'), tips: items('lora-tips', 'listitem'), faq: items('lora-faq', 'definition') };
}

describe('LoRA page sections', () => {
  it('a LoRA with trigger words: where they go, that the studio adds them, its weight and its license', () => {
    const lora = getLora('ghibsky-illustration')!;
    const shown = sections(lora);
    expect({ howTo: shown.howTo.length, tips: shown.tips.length, faq: shown.faq.length }).toEqual(lora.contentLengths);
    expect(shown.howTo).toEqual([
      'Open the LoRA generator with Ghibsky Illustration selected.',
      'Describe your scene in the prompt; the trigger words GHIBSKY style go at the start of it for you.',
      'Keep the LoRA weight near 1 to start with.',
      'Press Generate; the credits it costs are shown beside the button.',
    ]);
    expect(shown.tips).toContain("You don't need to type GHIBSKY style: the studio adds them.");
    expect(shown.faq).toEqual([
      'No: the weights are under the FLUX.1 [dev] Non-Commercial License, which does not allow commercial use.',
      'Yes: GHIBSKY style. The studio adds them to your prompt.',
      '1 is recommended; the slider goes from 0 to 2.',
      'From the public Hugging Face repository aleksa-codes/flux-ghibsky-illustration, applied to FLUX.1 [dev].',
    ]);
  });

  it('a LoRA without trigger words says so, with one tip fewer; a commercial one allows commercial use', () => {
    const lora = getLora('flux-realism')!;
    const shown = sections(lora);
    expect({ howTo: shown.howTo.length, tips: shown.tips.length, faq: shown.faq.length }).toEqual(lora.contentLengths);
    expect(shown.howTo[1]).toBe('Describe your scene in the prompt: this style needs no trigger words.');
    expect(shown.tips).toEqual(['Start from the example prompt and change one thing at a time.', 'If the style overpowers your subject, lower the weight below 0.9.']);
    expect(shown.faq[1]).toBe('No: the style applies to any prompt.');
    const koda = getLora('koda-film')!;
    cleanup();
    expect(sections(koda).faq[0]).toBe('Yes: the weights are released under the CreativeML Open RAIL-M.');
  });
});
