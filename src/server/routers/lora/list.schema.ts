import { z } from 'zod';
import { inputText } from '~/catalogue';

export const listLorasInput = z
  .object({ search: inputText.trim().max(100).optional(), tag: inputText.trim().max(50).optional() })
  .default({});

/** The model card of tool-catalogue §3 plus what the picker shows (present.ts builds it). */
export const loraCardOutput = z.object({
  id: z.string(),
  label: z.string(),
  image: z.string(),
  tags: z.array(z.string()),
  isNew: z.boolean(),
  detailsLink: z.string(),
  defaultPrompt: z.string(),
  recommendLoraScale: z.number(),
  notice: z.literal('not for commercial use').nullable(),
});

export const listLorasOutput = z.object({ items: z.array(loraCardOutput), tags: z.array(z.string()) });
