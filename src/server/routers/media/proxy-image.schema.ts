import { z } from 'zod';
import { inputText, inputUrl } from '~/catalogue';

/** A missing URL is refused by the service, so the refusal carries the proxy's own message. */
export const proxyImageInput = z.object({
  imageUrl: inputText.max(8192).optional(),
  /**
   * Origins the request came in on, whose storage URLs count as ours. Harmless from any caller: a URL
   * counted as ours is read by key from our storage under its privacy rules, never fetched.
   */
  ownOrigins: z.array(inputUrl).max(4).optional(),
});

export type ProxyImageInput = z.infer<typeof proxyImageInput>;

export const proxyImageOutput = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  contentType: z.string(),
  cacheControl: z.string(),
});
