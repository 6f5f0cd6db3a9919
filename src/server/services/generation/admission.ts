/**
 * The one gate every generate path starts from: the checks of core-flow §5 in the spec's order,
 * each run once. Check, submit and the synchronous handler all call admit(); what differs is only
 * what follows (check compares the price with the balance, submit charges it, sync submits and
 * waits for the text).
 *
 *   maintenance (as it stands on every instance) → sign-in (a suspended account refused) → the model (named, known, runnable here, of the kind asked for)
 *   → its input (parsed once: defaults and the model's own rules with their exact messages)
 *   → the addresses of its image fields (none inside our own network: safe-fetch's policy)
 *   → the inputs it names in our storage (readable by the caller; uploads' bytes checked)
 *   → photos that must show one face (face-photos.ts: no face or several refused, nothing charged)
 *   → the price (from the catalogue; never from the client).
 */
import type { ModelDefinition } from '~/catalogue';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { assertNotInMaintenance } from '~/server/services/maintenance';
import { assertAccountActive } from '~/server/services/suspension';
import { assertFacePhotos } from './face-photos';
import { assertAllowedImageAddresses } from './input-addresses';
import { checkInputUploads } from './input-uploads';
import { quote, type Quote } from './pricing';
import { assertUsableInputs } from './private-inputs';
import { resolveModel, validatedInput, type GenerateRequest } from './request';

/** Which models a path serves: any, or only the synchronous ones (the synchronous handler's own rule). */
export type AdmissionKind = 'any' | 'sync';

export type Admitted = {
  userId: string;
  model: ModelDefinition;
  input: Record<string, unknown>;
  /** The cost never depends on the plan; the wait and the time limit may. */
  cost: number;
  price: { premium: Quote; free: Quote };
};

export async function admit(db: Db, userId: string | null, request: GenerateRequest, kind: AdmissionKind = 'any'): Promise<Admitted> {
  await assertNotInMaintenance(db, 'generate');
  if (!userId) throw new AppError('unauthorized');
  await assertAccountActive(db, userId);
  const model = resolveModel(request);
  if (kind === 'sync' && !model.sync) throw new AppError('not_sync_model');
  const input = validatedInput(model, request);
  // An image field pointing into our own network is bad input, whoever would fetch it.
  await assertAllowedImageAddresses(input);
  // Another user's private object is refused before its bytes are even looked at; then uploads
  // named by size-less signed URLs have their size, type and magic bytes checked before first use.
  const unchecked = await assertUsableInputs(db, userId, input);
  await checkInputUploads(db, unchecked);
  await assertFacePhotos(db, userId, model, input);
  const price = { premium: quote(model, input, true), free: quote(model, input, false) };
  return { userId, model, input, cost: price.free.cost, price };
}
