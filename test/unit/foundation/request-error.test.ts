import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { describeRequestFailure } from '~/features/errors/request-error';

function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32600, data } } as never);
}

describe('describeRequestFailure (core-flow §8)', () => {
  it('402 → insufficient_credits with the server text', () => {
    const failure = serverError('Insufficient credits.', { httpStatus: 402, code: 'PAYMENT_REQUIRED', appCode: 'insufficient_credits' });
    expect(describeRequestFailure('generation', failure)).toEqual({ message: 'Insufficient credits.', error: 'insufficient_credits' });
  });

  it('other server errors → "Error in {context}: {server message}"', () => {
    const failure = serverError('Prompt is required.', { httpStatus: 400, code: 'BAD_REQUEST', appCode: 'validation_failed' });
    expect(describeRequestFailure('generation', failure)).toEqual({ message: 'Error in generation: Prompt is required.', error: 'validation_failed' });
  });

  it('no response → the internet connection text', () => {
    const failure = TRPCClientError.from(new TypeError('fetch failed'));
    expect(describeRequestFailure('generation', failure).message).toBe('Failed to make generation request. Please check your internet connection.');
  });

  it('anything else → unknown error', () => {
    expect(describeRequestFailure('caption', 'boom').message).toBe('Failed to make caption request. Unknown error.');
  });
});
