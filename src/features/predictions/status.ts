/** Statuses that mean "still running": polling continues. Anything else ends it. */
export const RUNNING_STATUSES = ['pending', 'processing', 'processing_images'] as const;

export function isRunningStatus(status: string): boolean {
  return (RUNNING_STATUSES as readonly string[]).includes(status);
}
