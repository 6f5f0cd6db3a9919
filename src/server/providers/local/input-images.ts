/** Reads an input image for the local engine: our own storage by key, anything else under the proxy's rules. */
import { buffer as streamToBuffer } from 'node:stream/consumers';
import { getStorage, keyFromStorageUrl } from '~/server/services/storage';
import { fetchRemoteImage } from '~/server/services/storage/image-proxy';

export async function loadInputImage(url: string): Promise<Buffer> {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    return Buffer.from(url.slice(comma + 1), 'base64');
  }
  const key = keyFromStorageUrl(url);
  if (key) {
    const object = await getStorage().getObject(key);
    if (!object) throw new Error('The input image is no longer in storage.');
    return streamToBuffer(object.body);
  }
  return (await fetchRemoteImage(url)).body;
}
