import { z } from 'zod';

export const subscriptionSchema = z.object({
  /** As the provider last reported it: active, trialing, past_due, canceled, unpaid, ... */
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** The renewal date, or the end date when cancelAtPeriodEnd. */
  currentPeriodEnd: z.date(),
  /** When premium ends if nothing changes (cancelled at period end, past due); null: it renews. */
  premiumUntil: z.date().nullable(),
});

export const statusOutput = z.object({
  premium: z.boolean(),
  subscription: subscriptionSchema.nullable(),
  /** Whether the billing portal has a customer to open. */
  hasCustomer: z.boolean(),
});
