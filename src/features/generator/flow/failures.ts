import { TRPCClientError } from '@trpc/client';

/**
 * True when the server never answered (network down, connection reset): the same request may be
 * sent again with the same idempotency key, which makes the server charge it once.
 */
export function isNetworkFailure(failure: unknown): boolean {
  if (failure instanceof TRPCClientError) return !failure.data;
  return failure instanceof TypeError;
}

/** A fresh key per Generate click (the server accepts 8 to 128 characters). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
