import { allLoraTags, loras, searchLoras } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { listLorasInput, listLorasOutput } from './list.schema';
import { toLoraCard } from './present';

/** LoRAs for the picker: the catalogue's search (the picker's own, derive/search.ts) and optional tag filter. */
export const list = publicProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/loras', tags: ['Catalogue'], summary: 'List the LoRA styles', protect: false } })
  .input(listLorasInput)
  .output(listLorasOutput)
  .query(({ input }) => ({ items: searchLoras(loras, input.search, input.tag).map(toLoraCard), tags: allLoraTags(loras) }));
