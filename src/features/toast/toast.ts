/**
 * One toast at a time (core-flow §9, toast limit 1): a new toast replaces the one showing instead
 * of queueing behind it. Every toast in the app goes through here.
 */
import { notifications } from '@mantine/notifications';

export type ToastVariant = 'default' | 'destructive' | 'success';

export type Toast = { title: string; description?: string; variant?: ToastVariant; durationMs?: number };

const DEFAULT_DURATION_MS = 5000;

export function showToast({ title, description, variant = 'default', durationMs = DEFAULT_DURATION_MS }: Toast): void {
  notifications.clean();
  notifications.show({
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : variant === 'success' ? 'teal' : 'violet',
    autoClose: durationMs,
    withBorder: true,
  });
}
