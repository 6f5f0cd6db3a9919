/**
 * Reads an input image for the local engine: our own storage by key (as the generation's owner
 * would see it, so another user's private file is not readable), anything else under the image
 * proxy's network rules.
 */
import { buffer as streamToBuffer } from 'node:stream/consumers';
import type { Db } from '~/server/db/client';
import { keyFromStorageUrl } from '~/server/services/storage';
import { fetchRemoteImage } from '~/server/services/storage/image-proxy';
import { openObjectForViewer } from '~/server/services/storage/serve';

export type ImageReader = (url: string) => Promise<Buffer>;

export function inputImageReader(db: Db, ownerId: string): ImageReader {
  return async (url) => {
    if (url.startsWith('data:')) return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const key = keyFromStorageUrl(url);
    if (key) {
      const object = await openObjectForViewer(db, key, async () => ownerId);
      if (!object) throw new Error('The input image could not be found.');
      return streamToBuffer(object.body);
    }
    return (await fetchRemoteImage(url)).body;
  };
}
