/**
 * The first step of every webhook route (providers and Stripe): only POST, and the raw body (Next's
 * parser is off: signatures are over the exact bytes), capped. Answers the refusal itself and gives
 * null, or gives the body.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import { BodyTooLargeError, readBody } from './read-body';

export async function readWebhookBody(req: NextApiRequest, res: NextApiResponse, limitBytes: number): Promise<Buffer | null> {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ ok: false, error: 'method_not_allowed' });
    return null;
  }
  try {
    return await readBody(req, limitBytes);
  } catch (error) {
    res.status(error instanceof BodyTooLargeError ? 413 : 400).json({ ok: false, error: 'bad_body' });
    return null;
  }
}
