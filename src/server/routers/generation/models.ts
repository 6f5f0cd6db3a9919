import { z } from 'zod';
import { inputSchemaFor, models as catalogueModels, publicModelDefinition, type ModelDefinition } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { modelsOutput } from './models.schema';

type ModelItem = z.output<typeof modelsOutput>['items'][number];

/** A model as GET /api/v1/models lists it: its public definition and its input as JSON Schema. */
export function describeModel(model: ModelDefinition): ModelItem {
  return { ...publicModelDefinition(model), inputSchema: z.toJSONSchema(inputSchemaFor(model), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown> };
}

/** The catalogue's input schemas do not change while the server runs: each is rendered once. */
let rendered: z.output<typeof modelsOutput> | undefined;

/** Every model the studio offers, with its cost rule and its input as JSON Schema (the same schema submit checks). */
export const models = publicProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/models', tags: ['Catalogue'], summary: 'List the models', description: 'Each model with its cost rule and the JSON Schema of its input.', protect: false } })
  .output(modelsOutput)
  .query(() => {
    rendered ??= { items: catalogueModels.map(describeModel) };
    return rendered;
  });
