import { loras } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { listLorasInput, listLorasOutput } from './list.schema';
import { toLoraCard } from './present';

/** LoRAs for the picker: search over label, description, tags and trigger words; optional tag filter. */
export const list = publicProcedure.input(listLorasInput).output(listLorasOutput).query(({ input }) => {
  const needle = input.search?.toLowerCase();
  const items = loras.filter((lora) => {
    if (input.tag && !lora.tags.some((t) => t.toLowerCase() === input.tag!.toLowerCase())) return false;
    if (!needle) return true;
    return [lora.label, lora.description, lora.id, ...lora.tags, ...lora.triggerWords].some((text) => text.toLowerCase().includes(needle));
  });
  const tags = [...new Set(loras.flatMap((l) => l.tags))].sort();
  return { items: items.map(toLoraCard), tags };
});
