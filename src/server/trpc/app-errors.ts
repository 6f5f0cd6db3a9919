/**
 * The tRPC side of our errors: which tRPC code each AppError travels as. Services only know
 * AppError (src/server/errors.ts); this table is the one place that turns one into a TRPCError,
 * and tRPC's own code → HTTP status rule must give back the status of the error table
 * (test/unit/foundation/errors.test.ts holds the two together).
 */
import { TRPCError } from '@trpc/server';
import type { AppError, AppErrorCode } from '~/server/errors';

const TRPC_CODES = {
  unauthorized: 'UNAUTHORIZED',
  api_key_invalid: 'UNAUTHORIZED',
  api_key_scope: 'FORBIDDEN',
  api_key_cap_reached: 'PAYMENT_REQUIRED',
  two_credentials: 'BAD_REQUEST',
  api_key_not_accepted: 'BAD_REQUEST',
  too_many_api_keys: 'CONFLICT',
  account_suspended: 'FORBIDDEN',
  premium_required: 'FORBIDDEN',
  removed_by_moderation: 'FORBIDDEN',
  already_reported: 'CONFLICT',
  forbidden: 'FORBIDDEN',
  private_input: 'FORBIDDEN',
  input_unavailable: 'BAD_REQUEST',
  image_address_refused: 'BAD_REQUEST',
  no_face: 'BAD_REQUEST',
  too_many_faces: 'BAD_REQUEST',
  unreadable_image: 'BAD_REQUEST',
  not_found: 'NOT_FOUND',
  insufficient_credits: 'PAYMENT_REQUIRED',
  validation_failed: 'BAD_REQUEST',
  invalid_model: 'BAD_REQUEST',
  no_model: 'BAD_REQUEST',
  not_sync_model: 'BAD_REQUEST',
  credit_mismatch: 'CONFLICT',
  idempotency_key_reused: 'CONFLICT',
  maintenance: 'SERVICE_UNAVAILABLE',
  file_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  not_running: 'CONFLICT',
  model_unavailable: 'SERVICE_UNAVAILABLE',
  payments_unavailable: 'SERVICE_UNAVAILABLE',
  database_unavailable: 'SERVICE_UNAVAILABLE',
  provider_error: 'BAD_GATEWAY',
  rate_limited: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<AppErrorCode, TRPCError['code']>;

/** The tRPC error a procedure throws for an AppError; the formatter puts `appCode` on the wire. */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODES[error.code], message: error.message, cause: error });
}
