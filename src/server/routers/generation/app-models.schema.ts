import { z } from 'zod';
import { catalogueIdInput } from '../ids.schema';
import { publicModelOutput } from './model.schema';

export const appModelsInput = catalogueIdInput;

export const appModelsOutput = z.object({
  app: z.object({ id: z.string(), name: z.string(), description: z.string(), defaultModelId: z.string() }),
  models: z.array(publicModelOutput),
});
