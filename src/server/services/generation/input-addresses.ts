/**
 * An image field that points at our own network (loopback, private, link-local, metadata
 * addresses) is the caller's bad input: refused at admission, before anything is charged, with the
 * image proxy's words for the same address. Every image field of the model counts, also those the
 * local engine ignores: a hosted provider would be handed the URL, and no fetch of ours would ever
 * look at it. Our own stored objects and data URIs are not addresses (private-inputs.ts vets the
 * former). The guarded fetch vets every URL again when it actually fetches one.
 */
import { imageReferencesOf } from '~/catalogue';
import { AppError } from '~/server/errors';
import { assertAllowedAddress, SafeFetchError } from '~/server/services/net/safe-fetch';
import { keyFromStorageUrl } from '~/server/services/storage';

/** How long admission waits for a host name's addresses before leaving the decision to the fetch. */
const LOOKUP_TIMEOUT_MS = 2_000;

export async function assertAllowedImageAddresses(input: Record<string, unknown>): Promise<void> {
  const remote = imageReferencesOf(input).filter((url) => !url.startsWith('data:') && keyFromStorageUrl(url) === null);
  if (remote.length === 0) return;
  try {
    await Promise.all(remote.map((url) => assertAllowedAddress(url, { timeoutMs: LOOKUP_TIMEOUT_MS })));
  } catch (error) {
    if (error instanceof SafeFetchError && error.reason === 'refused_address') throw new AppError('image_address_refused', undefined, { cause: error });
    throw error;
  }
}
