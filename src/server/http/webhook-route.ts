/**
 * Shared shape of the provider webhook routes: raw body (Next's parser off, size-capped),
 * verification by the provider's scheme, then the engine. Always answers quickly; a bad
 * signature is 401 and changes nothing.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import type { ProviderJob } from '~/server/providers';
import { getDb } from '~/server/db/client';
import { asAppError, retryAfterFor } from '~/server/errors';
import { ensureServerRuntime } from '~/server/runtime';
import { ingestProviderUpdate } from '~/server/services/generation/webhooks';
import { readWebhookBody } from './webhook-body';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export type Verified = { ok: true; deliveryId: string; job: ProviderJob } | { ok: false; reason: string };

/**
 * Keys we could not fetch are our problem, not a forgery: 503 makes the provider redeliver. A
 * correctly signed body we cannot use (not JSON, no usable id) is 400: sent again it would be the
 * same. Anything else failed authentication: 401.
 */
function refusalStatus(reason: string): number {
  if (reason === 'jwks_unavailable') return 503;
  if (reason === 'invalid_payload' || reason === 'request_id_mismatch') return 400;
  return 401;
}

export function webhookRoute(platform: 'replicate' | 'fal', verify: (req: NextApiRequest, rawBody: Buffer) => Promise<Verified>) {
  return async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    const raw = await readWebhookBody(req, res, WEBHOOK_BODY_LIMIT);
    if (!raw) return;
    const verified = await verify(req, raw);
    if (!verified.ok) {
      console.warn(`[webhook:${platform}] refused: ${verified.reason}`);
      res.status(refusalStatus(verified.reason)).json({ ok: false, error: verified.reason });
      return;
    }
    try {
      const db = await getDb();
      ensureServerRuntime(db);
      const outcome = await ingestProviderUpdate(db, platform, verified.deliveryId, verified.job);
      // 404 for a job we have not recorded yet: providers redeliver, by then it is known.
      res.status(outcome === 'unknown_job' ? 404 : 200).json({ ok: outcome !== 'unknown_job', outcome });
    } catch (error) {
      // The provider redelivers on a 5xx: nothing is lost while the database is away.
      console.error(`[webhook:${platform}] could not apply:`, error instanceof Error ? error.message : error);
      const retryAfter = retryAfterFor(asAppError(error)?.code ?? 'internal');
      if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
      res.status(503).json({ ok: false, error: 'try_again' });
    }
  };
}
