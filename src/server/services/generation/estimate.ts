/**
 * The cost and timing of an input, from the catalogue (1 credit when there is no model). It
 * prices incomplete forms too: the footer shows a price while the person is still typing; a field
 * that is there but out of its bounds is refused as submit and check refuse it.
 */
import { defaultsFor, getModel } from '~/catalogue';
import type { Db } from '~/server/db/client';
import { isPremium } from '~/server/services/users';
import { quote } from './pricing';
import { validatedFormInput, type GenerateRequest } from './request';

export type Estimate = { credits: number; waitSeconds: number; estimatedSeconds: number };

export async function estimateGeneration(db: Db, userId: string | null, request: GenerateRequest): Promise<Estimate> {
  const model = getModel(request.model_id ?? request.modelId ?? '');
  if (!model) return { credits: 1, waitSeconds: 0, estimatedSeconds: 60 };
  const premium = await isPremium(db, userId);
  // Each field held to its rule first (unchecked, a duration of 1e308 prices as Infinity credits: a 500).
  const form = validatedFormInput(model, request);
  const values = { ...defaultsFor(model, typeof form.mode === 'string' ? form.mode : undefined), ...form };
  const { cost, waitSeconds, estimatedSeconds } = quote(model, values, premium);
  return { credits: cost, waitSeconds, estimatedSeconds };
}
