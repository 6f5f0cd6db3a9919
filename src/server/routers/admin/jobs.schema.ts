import { z } from 'zod';
import { inputText } from '~/catalogue';
import { INTERNAL_STATUSES } from '~/server/services/generation/statuses';
import { pageFields, userIdField } from './shared.schema';

/** The jobs list's filters (all optional); a user's page asks with its user. */
export const jobsInput = z.object({
  status: z.enum(INTERNAL_STATUSES).optional(),
  modelId: inputText.min(1).max(100).optional(),
  platform: inputText.min(1).max(40).optional(),
  userId: userIdField.optional(),
  from: z.date().optional(),
  to: z.date().optional(),
  stuck: z.boolean().optional(),
  ...pageFields,
}).refine((filter) => !(filter.from && filter.to && filter.from >= filter.to), { message: 'The start date must be before the end date.', path: ['to'] });

export const jobSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  modelId: z.string(),
  platform: z.string(),
  status: z.string(),
  cost: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.date(),
  dispatchAt: z.date(),
  completedAt: z.date().nullable(),
  rerunOfId: z.string().nullable(),
  refunded: z.boolean(),
});

export const jobsOutput = z.object({ items: z.array(jobSchema), nextCursor: z.string().nullable() });
