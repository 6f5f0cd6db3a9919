/** GET /api/image-proxy?imageUrl= → the image as a same-origin blob (used by the mask editor). */
import type { NextApiRequest, NextApiResponse } from 'next';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getDb } from '~/server/db/client';
import { toFailure } from '~/server/rest/legacy-adapter';
import { proxyImage } from '~/server/services/storage/image-proxy';
import { sessionUserFromRequest } from '~/server/trpc/context';

// Images up to the proxy's 10 MB cap pass through (over Next's 4 MB response warning).
export const config = { api: { responseLimit: false } };

export default async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).json({ success: false, data: null, message: `Method ${req.method} is not allowed. Use GET.`, error: 'method_not_allowed' });
    return;
  }
  try {
    const imageUrl = typeof req.query.imageUrl === 'string' ? req.query.imageUrl : undefined;
    const host = req.headers.host;
    const image = await proxyImage({
      imageUrl,
      db: await getDb(),
      viewer: async () => (await sessionUserFromRequest(req))?.id ?? null,
      ownOrigins: host ? [`http://${host}`, `https://${host}`] : [],
    });
    res.statusCode = 200;
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', String(image.size));
    res.setHeader('Cache-Control', image.cacheControl);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    if (req.method === 'HEAD') {
      if (!Buffer.isBuffer(image.body)) image.body.destroy();
      res.end();
      return;
    }
    await pipeline(Buffer.isBuffer(image.body) ? Readable.from([image.body]) : image.body, res);
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
