/**
 * next-auth's route at the edge: requests its handler should never see (an unknown action, a
 * wrong method, a malformed callback URL) are answered or cleaned here first (auth-route-guard.ts,
 * callback-url.ts), then next-auth answers with the options of this environment.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import NextAuth from 'next-auth';
import { getAuthOptions } from '~/server/auth/options';
import { dropMalformedCallbackUrl } from '~/server/auth/callback-url';
import { refuseAuthRequest } from './auth-route-guard';

export function authRoute(req: NextApiRequest, res: NextApiResponse) {
  const options = getAuthOptions();
  const segments: string[] = [req.query.nextauth ?? []].flat();
  const refusal = refuseAuthRequest(req.method, segments, options);
  if (refusal) {
    if (refusal.allow) res.setHeader('Allow', refusal.allow);
    res.setHeader('Cache-Control', 'no-store');
    return res.status(refusal.status).json({ error: refusal.error, message: refusal.message });
  }
  dropMalformedCallbackUrl(req);
  return NextAuth(req, res, options);
}
