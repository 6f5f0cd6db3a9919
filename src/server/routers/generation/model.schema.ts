import { z } from 'zod';
import type { PublicModelDefinition } from '~/catalogue';
import { appTypeSchema, creditsRuleSchema, inputRuleSchema, modeSchema, platformSchema, uiSchema } from '~/catalogue/schema';
import { catalogueIdInput } from '../ids.schema';

export const modelInput = catalogueIdInput;

/**
 * A model's public definition (derive/public-definition.ts): what the UI renders, prices and
 * checks a form with; no provider path or payload. Built from the catalogue's own schemas.
 */
export const publicModelOutput = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  platform: platformSchema,
  appType: appTypeSchema,
  categories: z.array(z.string()),
  credits: creditsRuleSchema,
  modes: z.array(modeSchema.omit({ path: true })).optional(),
  defaultMode: z.string().optional(),
  ui: uiSchema,
  defaultValues: z.record(z.string(), z.unknown()),
  rules: z.array(inputRuleSchema),
  waitTime: z.object({ free: z.number().int(), premium: z.number().int().optional() }),
  timeLimitSeconds: z.number().int(),
  sync: z.boolean(),
  isNew: z.boolean(),
}) satisfies z.ZodType<PublicModelDefinition>;

export const modelOutput = publicModelOutput;
