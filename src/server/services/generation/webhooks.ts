/**
 * Completion pushed by a provider. The delivery id is recorded first, so a replayed delivery
 * changes nothing; an out-of-order one cannot move a finished generation (applyJob only touches
 * running ones).
 */
import type { Db } from '~/server/db/client';
import { isPrismaError } from '~/server/db/errors';
import type { Generation } from '~/server/db/generated/client';
import type { ProviderJob } from '~/server/providers';
import { applyJob } from './apply-job';
import { providerFor } from './provider-registry';

export type WebhookOutcome = 'applied' | 'replay' | 'unknown_job';

export async function ingestProviderUpdate(db: Db, platform: 'replicate' | 'fal', deliveryId: string, job: ProviderJob): Promise<WebhookOutcome> {
  // A completion can beat the recording of its job id: not recorded, so the provider's retry counts.
  const row = await db.generation.findFirst({ where: { platform, providerJobId: job.jobId } });
  if (!row) return 'unknown_job';
  const delivery = `${platform}:${deliveryId}`;
  try {
    await db.webhookDelivery.create({ data: { id: delivery, provider: platform } });
  } catch (error) {
    if (isPrismaError(error, 'P2002')) return 'replay';
    throw error;
  }
  try {
    await applyDelivery(db, platform, row, job);
  } catch (error) {
    // Not applied: forget the delivery so the provider's redelivery is not taken for a replay.
    await db.webhookDelivery.delete({ where: { id: delivery } }).catch(() => undefined);
    throw error;
  }
  return 'applied';
}

async function applyDelivery(db: Db, platform: 'replicate' | 'fal', row: Generation, job: ProviderJob): Promise<void> {
  // The news is in: first of all, the reconciler need not ask the provider about this job now
  // (copying the outputs takes a moment, and a poll meanwhile would copy them a second time).
  await db.generation.updateMany({ where: { id: row.id }, data: { lastCheckedAt: new Date() } });
  // fal may announce success without the payload (payload_error): fetch the result itself.
  const complete = job.status === 'succeeded' && !job.outputUrls?.length && !job.outputText
    ? await providerFor(platform, db).get(job.jobId, row.providerTarget).catch(() => job)
    : job;
  await applyJob(db, row, complete);
}
