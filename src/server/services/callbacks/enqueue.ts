/**
 * A generation's end, written as one delivery per endpoint of its owner that asks for the event, in
 * the transaction of the transition itself: a delivery is committed exactly when the end is, so a
 * crash between the two cannot lose one. The body is fixed here, so every attempt sends the same
 * bytes, whatever happens to the generation afterwards.
 */
import type { Prisma } from '~/server/db/generated/client';
import { predictionSchema, toPrediction } from '~/server/services/generation/present';
import type { CallbackEvent } from '~/utils/callback-events';
import { newDeliveryId } from './signing';

export type GenerationEnd = 'succeeded' | 'failed' | 'canceled';

export async function enqueueGenerationCallbacks(tx: Prisma.TransactionClient, userId: string, generationId: string, end: GenerationEnd): Promise<void> {
  const event: CallbackEvent = `generation.${end}`;
  const endpoints = await tx.callbackEndpoint.findMany({ where: { userId, disabledAt: null, events: { has: event } }, select: { id: true } });
  if (endpoints.length === 0) return;
  const row = await tx.generation.findUniqueOrThrow({ where: { id: generationId } });
  // The body of GET /api/v1/generations/{id} for its owner: the same schema, serialized as JSON.
  const payload = JSON.stringify(predictionSchema.parse(toPrediction(row, userId)));
  await tx.callbackDelivery.createMany({
    data: endpoints.map((endpoint) => ({ id: newDeliveryId(), endpointId: endpoint.id, generationId, event, payload })),
    skipDuplicates: true,
  });
}
