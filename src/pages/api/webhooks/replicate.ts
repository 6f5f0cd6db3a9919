/** Replicate completion webhooks (Standard Webhooks HMAC, with a timestamp window). */
import { getEnv } from '~/env';
import { verifyReplicateWebhook } from '~/server/providers';
import { webhookRoute } from '~/server/http/webhook-route';

// A literal object: Next parses route config statically. The raw body is verified, so no parser.
export const config = { api: { bodyParser: false } };

export default webhookRoute('replicate', async (req, rawBody) => {
  const secret = getEnv().REPLICATE_WEBHOOK_SECRET;
  if (!secret) return { ok: false, reason: 'webhooks_not_configured' };
  const result = verifyReplicateWebhook({ headers: req.headers, rawBody, secret });
  return result.ok ? { ok: true, deliveryId: result.id, job: result.job } : result;
});
