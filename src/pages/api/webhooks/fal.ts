/** fal completion webhooks (Ed25519 against the configured JWKS). */
import { getEnv } from '~/env';
import { DEFAULT_FAL_JWKS_URL, verifyFalWebhook } from '~/server/providers';
import { webhookRoute } from '~/server/http/webhook-route';

// A literal object: Next parses route config statically. The raw body is verified, so no parser.
export const config = { api: { bodyParser: false } };

export default webhookRoute('fal', async (req, rawBody) => {
  const result = await verifyFalWebhook({ headers: req.headers, rawBody, jwksUrl: getEnv().FAL_JWKS_URL ?? DEFAULT_FAL_JWKS_URL });
  // One delivery per request and outcome: fal retries the same delivery with the same values.
  return result.ok ? { ok: true, deliveryId: `${result.id}:${result.timestamp}`, job: result.job } : result;
});
