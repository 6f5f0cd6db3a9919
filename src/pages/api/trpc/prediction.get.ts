/**
 * /api/trpc/prediction.get: the poll every open generation page repeats, on a static route of its
 * own. Next finds a static API route by lookup, while /api/trpc/[trpc] costs every call its
 * dynamic-route matching and a copy of the query for rewrites (together ≈ 5 % of a poll's CPU in
 * a profile under load). The call is the same one: the tRPC endpoint's handler, with the path
 * that the dynamic segment would have given (batches naming other procedures still go to [trpc]).
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import trpcEndpoint from './[trpc]';

// A literal object: Next parses route config statically. Same as [trpc]: tRPC reads the body itself.
export const config = { api: { bodyParser: false } };

export default function predictionGetEndpoint(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  req.query.trpc = 'prediction.get';
  return trpcEndpoint(req, res);
}
