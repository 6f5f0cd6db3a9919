import { z } from 'zod';
import { IMAGE_SHORTCUTS } from '~/utils/hand-over-query';

/** A tool a result can go into, with what it costs when it opens (server/pages/next-steps.ts). */
export const nextStepTargetOutput = z.object({
  appId: z.string(),
  modelId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  cost: z.number().int(),
});

export const nextStepsOutput = z.object({
  shortcuts: z.record(z.enum(IMAGE_SHORTCUTS.map((s) => s.action)), nextStepTargetOutput),
  imageTools: z.array(nextStepTargetOutput),
  prompt: nextStepTargetOutput,
  /** The app each model opens in, for creations whose own app is unknown. */
  homeApps: z.record(z.string(), z.string()),
});
