import type { z } from 'zod';
import type { Lora } from '~/catalogue';
import type { loraCardOutput } from './list.schema';

/** The model card of tool-catalogue §3 plus what the picker shows. */
export function toLoraCard(lora: Lora): z.output<typeof loraCardOutput> {
  return {
    id: lora.id,
    label: lora.label,
    image: lora.image,
    tags: lora.tags,
    isNew: lora.isNew,
    detailsLink: lora.detailsLink,
    defaultPrompt: lora.defaultPrompt,
    recommendLoraScale: lora.recommendLoraScale,
    notice: lora.commercialInfo.notice ?? null,
  };
}
