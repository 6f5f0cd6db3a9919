/**
 * The one mapper from any failed call to the spec's error catalogue (core-flow §8), so no
 * component words its own errors.
 */
import { TRPCClientError } from '@trpc/client';

export type RequestFailure = { message: string; error: string };

type ErrorData = { httpStatus?: number; appCode?: string | null; code?: string };

export function describeRequestFailure(context: string, failure: unknown): RequestFailure {
  if (failure instanceof TRPCClientError) {
    const data = (failure.data ?? undefined) as ErrorData | undefined;
    if (!data) {
      // No response from the server at all (network down, aborted).
      return { message: `Failed to make ${context} request. Please check your internet connection.`, error: 'network_error' };
    }
    if (data.httpStatus === 402 || data.appCode === 'insufficient_credits') {
      return { message: failure.message || 'Insufficient credits.', error: 'insufficient_credits' };
    }
    return { message: `Error in ${context}: ${failure.message}`, error: data.appCode ?? data.code ?? 'server_error' };
  }
  if (failure instanceof TypeError) {
    return { message: `Failed to make ${context} request. Please check your internet connection.`, error: 'network_error' };
  }
  return { message: `Failed to make ${context} request. Unknown error.`, error: 'unknown_error' };
}

/** The server's own text (without the context prefix), for toasts that show it as is. */
export function serverMessage(failure: unknown): string | null {
  return failure instanceof TRPCClientError && failure.data ? failure.message : null;
}

export function appCodeOf(failure: unknown): string | null {
  if (failure instanceof TRPCClientError) return ((failure.data ?? {}) as ErrorData).appCode ?? null;
  return null;
}
