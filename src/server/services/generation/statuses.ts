/**
 * Internal lifecycle vs what clients see. The spec's client keeps polling only on pending,
 * processing and processing_images and stops on anything else, so clients never see queued,
 * starting or canceled: those map onto the public set below.
 */
import type { CreationStatusFilter } from '~/utils/creation-filters';

export const INTERNAL_STATUSES = ['queued', 'starting', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type InternalStatus = (typeof INTERNAL_STATUSES)[number];

export const PUBLIC_STATUSES = ['pending', 'processing', 'processing_images', 'succeeded', 'failed'] as const;
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];

const PUBLIC_BY_INTERNAL: Record<InternalStatus, PublicStatus> = {
  queued: 'pending',
  starting: 'processing',
  processing: 'processing',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'failed',
};

export function toPublicStatus(status: string): PublicStatus {
  return PUBLIC_BY_INTERNAL[status as InternalStatus] ?? 'failed';
}

export const RUNNING_STATUSES: readonly InternalStatus[] = ['queued', 'starting', 'processing'];

export function isRunning(status: string): boolean {
  return (RUNNING_STATUSES as readonly string[]).includes(status);
}

/** The internal statuses each status filter of /creations covers. */
export const INTERNAL_BY_FILTER: Record<CreationStatusFilter, readonly InternalStatus[]> = {
  running: RUNNING_STATUSES,
  succeeded: ['succeeded'],
  failed: ['failed', 'canceled'],
};

export const CANCELED_ERROR = 'Generation canceled.';
