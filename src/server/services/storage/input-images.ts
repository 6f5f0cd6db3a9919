/**
 * Reads a generation's input images for a provider that takes bytes (the local engine): our own
 * storage by key, as the generation's owner would see it (so another user's private file is not
 * readable), anything else under the image proxy's network rules. The provider registry hands it
 * to the engine, which never reaches into storage itself.
 */
import { buffer as streamToBuffer } from 'node:stream/consumers';
import type { Db } from '~/server/db/client';
import type { InputImageReader } from '~/server/providers';
import { keyFromStorageUrl } from './index';
import { fetchRemoteImage } from './image-proxy';
import { openObjectForViewer } from './serve';

/**
 * The most of one stored object the engine reads into memory. Uploads are at most 5 MB and checked
 * before use; outputs used again as inputs (a large upscale) may be bigger, never this big.
 */
export const MAX_STORED_INPUT_BYTES = 128 * 1024 * 1024;

export function inputImageReader(db: Db, ownerId: string): InputImageReader {
  return async (url) => {
    if (url.startsWith('data:')) return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const key = keyFromStorageUrl(url);
    if (key) {
      const object = await openObjectForViewer(db, key, async () => ownerId);
      if (!object) throw new Error('The input image could not be found.');
      if (object.size > MAX_STORED_INPUT_BYTES) {
        object.body.destroy();
        throw new Error('The input image is too large.');
      }
      return streamToBuffer(object.body);
    }
    return (await fetchRemoteImage(url)).body;
  };
}
