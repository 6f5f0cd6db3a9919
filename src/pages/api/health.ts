import type { NextApiRequest, NextApiResponse } from 'next';
import { methodNotAllowedMessage, takesMethod } from '~/server/http/allowed-methods';

const HEALTH_METHODS = ['GET', 'HEAD'];

/** Liveness: answers a constant without touching the database (also the benchmarks' ceiling). */
export default function health(req: NextApiRequest, res: NextApiResponse): void {
  res.setHeader('Cache-Control', 'no-store');
  if (!takesMethod(req.method, HEALTH_METHODS, res)) return res.status(405).json({ ok: false, error: 'method_not_allowed', message: methodNotAllowedMessage(req.method, HEALTH_METHODS) });
  res.status(200).json({ ok: true });
}
