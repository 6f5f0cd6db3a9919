import { z } from 'zod';
import { inputSchemaFor, models as catalogueModels, publicModelDefinition } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { modelsOutput } from './models.schema';

/** The catalogue's input schemas do not change while the server runs: each is rendered once. */
let rendered: z.output<typeof modelsOutput> | undefined;

/** Every model the studio offers, with its cost rule and its input as JSON Schema (the same schema submit checks). */
export const models = publicProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/models', tags: ['Catalogue'], summary: 'List the models', description: 'Each model with its cost rule and the JSON Schema of its input.', protect: false } })
  .output(modelsOutput)
  .query(() => {
    rendered ??= {
      items: catalogueModels.map((model) => ({
        ...publicModelDefinition(model),
        inputSchema: z.toJSONSchema(inputSchemaFor(model), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
      })),
    };
    return rendered;
  });
