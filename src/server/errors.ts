/**
 * Errors flow one way: services throw AppError(code); this one table maps each code to the HTTP
 * status and the user-facing text of the spec's error catalogue. It knows nothing of tRPC: the
 * tRPC code of each AppError is the tRPC layer's business (src/server/trpc/app-errors.ts).
 */
import type { ZodError } from 'zod';
import { GENERIC_INPUT_ERROR } from '~/catalogue/constants';
import { MAX_ACTIVE_API_KEYS } from '~/utils/api-scopes';
import { MAINTENANCE_DEFAULT_MESSAGE } from '~/server/config/maintenance-text';
import { isDatabaseUnavailable } from '~/server/db/unavailable';
import { describeIssues } from '~/utils/zod-issues';

export const APP_ERRORS = {
  unauthorized: { http: 401, message: 'Please sign in to continue.' },
  // One text for a key that is wrong, revoked or expired: the answer tells a guesser nothing.
  api_key_invalid: { http: 401, message: 'This API key is not valid. Check it, or create a new one in Account → Developers.' },
  api_key_scope: { http: 403, message: 'This API key does not have the scope this request needs.' },
  api_key_cap_reached: { http: 402, message: 'This API key has reached its monthly credit cap. Raise the cap or wait for next month.' },
  two_credentials: { http: 400, message: 'Send either an API key or a session cookie, not both.' },
  api_key_not_accepted: { http: 400, message: 'API keys are accepted on /api/v1 and the REST paths, not on this endpoint.' },
  too_many_api_keys: { http: 409, message: `You already have ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one before creating another.` },
  // Staff suspended the account: its signed-in requests, sign-in, generate and buy all read this one text.
  account_suspended: { http: 403, message: 'This account is suspended. Contact support if you think this is a mistake.' },
  premium_required: { http: 403, message: 'Upgrade to premium to make the generation private' },
  removed_by_moderation: { http: 403, message: 'This creation was removed by moderation and cannot be made public again.' },
  already_reported: { http: 409, message: 'You have already reported this creation. Thank you.' },
  forbidden: { http: 403, message: 'You are not allowed to do this.' },
  private_input: { http: 403, message: 'An input image is private to another account, so only its owner can use it. Please upload an image of your own.' },
  input_unavailable: { http: 400, message: 'An input image no longer exists in the studio (it was deleted). Please upload it again.' },
  // The image proxy's own words for the same addresses (it answers them 403: a refused read, not a request).
  image_address_refused: { http: 400, message: 'This image address cannot be loaded.' },
  // A photo that must show one face (catalogue `faces: 'one'`), refused before any charge; details name the field.
  no_face: { http: 400, message: 'We could not find a face in this photo. Choose a photo where one face is clearly visible.' },
  too_many_faces: { http: 400, message: 'This photo shows more than one face. Choose a photo of one person.' },
  unreadable_image: { http: 400, message: 'We could not read this photo. Choose a JPEG, PNG or WebP image.' },
  not_found: { http: 404, message: 'Not found.' },
  insufficient_credits: { http: 402, message: 'Insufficient credits.' },
  validation_failed: { http: 400, message: GENERIC_INPUT_ERROR },
  invalid_model: { http: 400, message: 'Invalid model ID: No configuration found' },
  no_model: { http: 400, message: 'No model selected' },
  not_sync_model: { http: 400, message: 'Model is not configured for synchronous operations.' },
  credit_mismatch: { http: 409, message: 'The price of this generation changed. Please review it and try again.' },
  idempotency_key_reused: { http: 409, message: 'This idempotency key was already used for a different request. Use a new key for a new request.' },
  maintenance: { http: 503, message: MAINTENANCE_DEFAULT_MESSAGE },
  file_too_large: { http: 413, message: 'The file size exceeds the limit of 5MB.' },
  unsupported_media_type: { http: 415, message: 'Only JPEG, PNG and WebP images are accepted.' },
  not_running: { http: 409, message: 'This generation is no longer running.' },
  model_unavailable: { http: 503, message: 'This model is not available right now.' },
  payments_unavailable: { http: 503, message: 'Purchases are not available right now.' },
  database_unavailable: { http: 503, message: 'The studio is briefly unavailable. Please try again in a moment.', retryAfterSeconds: 5 },
  provider_error: { http: 502, message: 'The model provider could not be reached. Please try again later.' },
  rate_limited: { http: 429, message: 'Too many requests. Please slow down.' },
  internal: { http: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { http: number; message: string; retryAfterSeconds?: number }>;

export type AppErrorCode = keyof typeof APP_ERRORS;

/** Facts a client needs to place or word an error itself (the field it is about, a count), sent as `appDetails`. */
export type AppErrorDetails = Record<string, string | number>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: AppErrorDetails;
  constructor(code: AppErrorCode, message?: string, options?: { cause?: unknown; details?: AppErrorDetails }) {
    super(message ?? APP_ERRORS[code].message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    if (options?.details) this.details = options.details;
  }
}

/**
 * The AppError a failure stands for: itself, or database_unavailable for a lost or refused database
 * connection (so an outage answers 503 + Retry-After everywhere, not a 500); null for anything else.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return new AppError('database_unavailable', undefined, { cause: error });
  return null;
}

/** Seconds a client should wait before retrying (the Retry-After header), for passing outages. */
export function retryAfterFor(code: AppErrorCode): number | undefined {
  const entry = APP_ERRORS[code];
  return 'retryAfterSeconds' in entry ? entry.retryAfterSeconds : undefined;
}

/** A refused input in one readable line ('cursor: Text must not contain …'), for REST and tRPC alike. */
export function describeZodError(error: ZodError): string {
  return describeIssues(error.issues).join('; ');
}
