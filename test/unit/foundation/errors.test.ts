import { describe, expect, it } from 'vitest';
import { APP_ERRORS, AppError } from '~/server/errors';
import { toTRPCError } from '~/server/trpc/app-errors';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';

describe('AppError table', () => {
  it('maps insufficient credits to 402 with the spec text', () => {
    const error = new AppError('insufficient_credits');
    expect(error.message).toBe('Insufficient credits.');
    const trpc = toTRPCError(error);
    expect(trpc.code).toBe('PAYMENT_REQUIRED');
    expect(getHTTPStatusCodeFromError(trpc)).toBe(402);
  });

  it('keeps every table status consistent with the tRPC code', () => {
    for (const [code, entry] of Object.entries(APP_ERRORS)) {
      const trpc = toTRPCError(new AppError(code as keyof typeof APP_ERRORS));
      expect(getHTTPStatusCodeFromError(trpc), code).toBe(entry.http);
    }
  });

  it('carries the spec catalogue texts', () => {
    expect(APP_ERRORS.invalid_model.message).toBe('Invalid model ID: No configuration found');
    expect(APP_ERRORS.not_sync_model.message).toBe('Model is not configured for synchronous operations.');
    expect(APP_ERRORS.no_model.message).toBe('No model selected');
    expect(APP_ERRORS.file_too_large.message).toBe('The file size exceeds the limit of 5MB.');
    expect(APP_ERRORS.validation_failed.message).toBe('Please check your input and try again.');
    expect(APP_ERRORS.maintenance.message).toBe('System is under maintenance. Expected downtime: 6 hours. Please try again later.');
  });

  it('lets a service override the text but keeps the code', () => {
    const error = new AppError('validation_failed', 'Prompt is required.');
    expect(error.message).toBe('Prompt is required.');
    expect(toTRPCError(error).code).toBe('BAD_REQUEST');
  });
});
