/**
 * The first step of every webhook route (providers and Stripe): only POST, and the raw body (Next's
 * parser is off: signatures are over the exact bytes), capped. Answers the refusal itself and gives
 * null, or gives the body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './json-answer';
import { BodyTooLargeError, readBody } from './read-body';

/** Plain node:http types: the Stripe webhook is also served outside Next (direct-routes.ts). */
export async function readWebhookBody(req: IncomingMessage, res: ServerResponse, limitBytes: number): Promise<Buffer | null> {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    sendJson(res, 405, { ok: false, error: 'method_not_allowed' });
    return null;
  }
  try {
    return await readBody(req, limitBytes);
  } catch (error) {
    sendJson(res, error instanceof BodyTooLargeError ? 413 : 400, { ok: false, error: 'bad_body' });
    return null;
  }
}
