import { z } from 'zod';
import { publicModelOutput } from './model.schema';

/**
 * Every model with its public definition (its cost rule among it) and the JSON Schema of what a
 * generate request for it takes: the model's own input schema, the one submit validates with.
 */
export const modelsOutput = z.object({
  items: z.array(publicModelOutput.extend({ inputSchema: z.record(z.string(), z.unknown()).meta({ description: 'JSON Schema (2020-12) of the request body for this model.' }) })),
});
