/**
 * One toast at a time (core-flow §9, toast limit 1): a new toast replaces the one showing instead
 * of queueing behind it. Every toast in the app goes through here. A toast may end with a link
 * (e.g. the insufficient-credits toasts lead to /pricing).
 */
import { notifications } from '@mantine/notifications';
import Link from 'next/link';
import { createElement, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastLink = { label: string; href: string };

export type Toast = { title: string; description?: string; variant?: ToastVariant; durationMs?: number; link?: ToastLink };

/** How the flows (generation, checkout) show their toasts: the app passes showToast. */
export type ToastFn = (toast: Toast) => void;

const DEFAULT_DURATION_MS = 5000;

function message(description: string | undefined, link: ToastLink | undefined): ReactNode {
  if (!link) return description ?? '';
  const anchor = createElement(
    Link,
    { href: link.href, onClick: () => notifications.clean(), style: { fontWeight: 600, color: 'inherit', textDecoration: 'underline' } },
    link.label,
  );
  return description ? createElement('span', null, `${description} `, anchor) : anchor;
}

export function showToast({ title, description, variant = 'default', durationMs = DEFAULT_DURATION_MS, link }: Toast): void {
  notifications.clean();
  notifications.show({
    title,
    message: message(description, link),
    color: variant === 'destructive' ? 'red' : variant === 'success' ? 'teal' : 'violet',
    autoClose: durationMs,
    withBorder: true,
  });
}
