import { z } from 'zod';

export const statusOutput = z.object({
  /** The maintenance switch (core-flow §4). */
  maintenance: z.object({
    enabled: z.boolean(),
    message: z.string(),
    estimatedMinutes: z.number(),
    blockedActions: z.array(z.enum(['generate', 'purchase', 'subscription'])),
  }),
  devSignIn: z.boolean(),
  googleSignIn: z.boolean(),
  /** The local engine stands in for a provider for some models (the UI says so). */
  localEngine: z.boolean(),
  /** The local checkout stands in for payments: no money moves (the UI shows a banner). */
  localCheckout: z.boolean(),
  /** Models nobody can run here (refused before any debit). */
  unavailableModels: z.array(z.string()),
  /** Development/test only: the factor every wait and poll is scaled by. */
  timeScale: z.number(),
});
