import { z } from 'zod';
import { MODERATION_STATES } from '~/utils/moderation';

const scoresSchema = z.object({ drawing: z.number(), hentai: z.number(), neutral: z.number(), porn: z.number(), sexy: z.number() });

export const screeningSchema = z.object({
  threshold: z.number(),
  images: z.array(z.object({ output: z.number().int(), scores: scoresSchema, explicitShare: z.number(), held: z.boolean() })),
  promptWords: z.array(z.string()),
  unanswered: z.enum(['timeout', 'unavailable', 'unreadable']).nullable(),
  held: z.boolean(),
  /** Screens it took; a record without the count had one. */
  attempts: z.number().int().positive().default(1),
});

export const queueItemSchema = z.object({
  id: z.string(),
  since: z.date(),
  moderation: z.enum(MODERATION_STATES).nullable(),
  isPublic: z.boolean(),
  ownerId: z.string(),
  ownerEmail: z.string(),
  modelName: z.string(),
  prompt: z.string().nullable(),
  createdAt: z.date(),
  media: z.array(z.object({ url: z.string(), posterUrl: z.string().nullable(), contentType: z.string() })),
  screening: screeningSchema.nullable(),
  reports: z.array(z.object({ id: z.string(), reason: z.string(), text: z.string().nullable(), signedIn: z.boolean(), createdAt: z.date() })),
});

export const moderationQueueInput = z.void();

export const moderationQueueOutput = z.object({ items: z.array(queueItemSchema), total: z.number().int(), removed: z.array(queueItemSchema) });
