/**
 * The server's refusal of one field's value (a photo without a face): the error carries its code
 * and, in `appDetails`, the field and the facts the words need (a count of faces).
 */
import { TRPCClientError } from '@trpc/client';

export type FieldRefusal = { code: string; field: string; details: Record<string, string | number> };

export function fieldRefusalOf(failure: unknown): FieldRefusal | null {
  if (!(failure instanceof TRPCClientError)) return null;
  const data = (failure.data ?? {}) as { appCode?: string | null; appDetails?: Record<string, string | number> | null };
  const field = data.appDetails?.field;
  return data.appCode && typeof field === 'string' ? { code: data.appCode, field, details: data.appDetails ?? {} } : null;
}
