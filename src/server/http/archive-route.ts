/**
 * GET /api/creations/archive?ids=a,b,c at the edge: the signed-in user's selected creations as one
 * ZIP (?batch=<id>: all of a batch's results). Not a legacy adapter: it streams a file (tRPC answers JSON), like the storage route. The
 * first chunk is made before any header goes out, so a refusal still gets the JSON envelope.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { signedInAccount } from '~/server/auth/signed-in';
import { batchArchive, creationsArchive, parseArchiveIds } from '~/server/services/generation/archive';
import { methodNotAllowedMessage, takesMethod } from './allowed-methods';
import { toFailure } from './legacy-adapter';
import { contextFromRequest } from './request-context';
import { setNoSniff } from './security-headers';

export async function archiveRoute(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  try {
    if (!takesMethod(req.method, ['GET'], res)) {
      res.status(405).json({ success: false, data: null, message: methodNotAllowedMessage(req.method, ['GET']), error: 'method_not_allowed' });
      return;
    }
    const context = await contextFromRequest(req);
    const { user } = await signedInAccount(context.db, context.user);
    const batch = typeof req.query.batch === 'string' ? req.query.batch : null;
    const archive = batch ? await batchArchive(context.db, user.id, batch) : await creationsArchive(context.db, user.id, parseArchiveIds(req.query.ids));
    const first = await archive.chunks.next();
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${archive.fileName}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    setNoSniff(res);
    const rest = archive.chunks;
    await pipeline(
      Readable.from(
        (async function* () {
          if (!first.done) yield first.value;
          yield* rest;
        })(),
      ),
      res,
    );
  } catch (error) {
    if (res.headersSent) {
      res.destroy(error instanceof Error ? error : undefined);
      return;
    }
    const { status, envelope } = toFailure(error);
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).json(envelope);
  }
}
