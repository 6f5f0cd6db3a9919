import { z } from 'zod';

/** A missing URL is refused by the service, so the refusal carries the proxy's own message. */
export const proxyImageInput = z.object({
  imageUrl: z.string().max(8192).optional(),
  /**
   * Origins the request came in on, whose storage URLs count as ours. Harmless from any caller: a URL
   * counted as ours is read by key from our storage under its privacy rules, never fetched.
   */
  ownOrigins: z.array(z.url()).max(4).optional(),
});

export type ProxyImageInput = z.infer<typeof proxyImageInput>;

export const proxyImageOutput = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  contentType: z.string(),
  cacheControl: z.string(),
});
