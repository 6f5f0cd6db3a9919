/**
 * The how-to, tips and FAQ sections of a LoRA's page (/models/{id}), derived from the LoRA's own
 * facts (trigger words and where they go, recommended weight, license), so every entry is true of
 * that LoRA. Each entry is a message key under `models.page` plus its values; the LoRA's
 * `contentLengths` are these sections' lengths.
 */
import type { Lora } from '../content/types';

export type LoraPageFacts = Pick<Lora, 'label' | 'repo_id' | 'triggerWords' | 'triggerWordsAtEnd' | 'recommendLoraScale' | 'commercialInfo'>;

export type LoraPageEntry = { key: string; values: Record<string, string | number> };

export type LoraPageSections = { howTo: LoraPageEntry[]; tips: LoraPageEntry[]; faq: LoraPageEntry[] };

const entry = (key: string, values: Record<string, string | number> = {}): LoraPageEntry => ({ key, values });

export function loraPageSections(lora: LoraPageFacts): LoraPageSections {
  const words = lora.triggerWords.join(', ');
  const hasWords = lora.triggerWords.length > 0;
  const scale = lora.recommendLoraScale;
  return {
    howTo: [
      entry('open', { label: lora.label }),
      hasWords ? entry('promptWithTriggerWords', { words, position: lora.triggerWordsAtEnd ? 'end' : 'start' }) : entry('prompt'),
      entry('weight', { scale }),
      entry('generate'),
    ],
    tips: [
      entry('examplePrompt'),
      ...(hasWords ? [entry('triggerWordsAdded', { words })] : []),
      entry('weightLower', { scale }),
    ],
    faq: [
      lora.commercialInfo.commercialUse ? entry('commercialYes', { license: lora.commercialInfo.license }) : entry('commercialNo', { license: lora.commercialInfo.license }),
      hasWords ? entry('triggerWords', { words }) : entry('noTriggerWords'),
      entry('weight', { scale }),
      entry('source', { repo: lora.repo_id }),
    ],
  };
}

export function loraContentLengths(lora: LoraPageFacts): Lora['contentLengths'] {
  const sections = loraPageSections(lora);
  return { faq: sections.faq.length, howTo: sections.howTo.length, tips: sections.tips.length };
}
