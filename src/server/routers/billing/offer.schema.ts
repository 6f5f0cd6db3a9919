import { z } from 'zod';

/** Amounts are whole minor units (cents) with a lower-case ISO currency, as Stripe counts money. */
export const packSchema = z.object({
  id: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  /** The amount per 100 credits, rounded: what people compare packs by. */
  pricePer100: z.number().int(),
});

export const planSchema = z.object({
  id: z.string(),
  monthlyCredits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  interval: z.literal('month'),
});

/** 'off': production without payment keys (the buttons say purchases are not available). */
export const checkoutModeSchema = z.enum(['stripe', 'local', 'off']);

export const offerOutput = z.object({ checkout: checkoutModeSchema, packs: z.array(packSchema), plan: planSchema });
