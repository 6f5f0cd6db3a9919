import type { NextApiRequest, NextApiResponse } from 'next';

/** Liveness: answers a constant without touching the database (also the benchmarks' ceiling). */
export default function health(_req: NextApiRequest, res: NextApiResponse): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).json({ ok: true });
}
