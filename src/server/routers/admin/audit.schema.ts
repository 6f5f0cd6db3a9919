import { z } from 'zod';
import { inputText } from '~/catalogue';
import { AUDIT_ACTIONS } from '~/server/services/staff/audit';
import { pageFields } from './shared.schema';

export const auditInput = z
  .object({
    actor: inputText.max(254).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    targetId: inputText.max(64).optional(),
    from: z.date().optional(),
    to: z.date().optional(),
    ...pageFields,
  })
  .refine((filter) => !(filter.from && filter.to && filter.from >= filter.to), { message: 'The start date must be before the end date.', path: ['to'] });

const json: z.ZodType<unknown> = z.unknown();

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  before: json,
  after: json,
  createdAt: z.date(),
});

export const auditOutput = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
