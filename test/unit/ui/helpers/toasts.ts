/**
 * The app's real toasts, as a person sees them: Mantine's notifications rendered by ToastHost.
 * Mantine's store outlives a render, so each render starts with none and records every toast asked
 * for from then on (a toast that replaces another is gone from the screen but still counted).
 */
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import type { ToastLink, ToastVariant } from '~/features/toast/toast';

/** A toast as shown: every field of showToast's argument, defaults filled in. */
export type ShownToast = { title: string; description?: string; variant: ToastVariant; durationMs: number; link?: ToastLink };

let asked: NotificationData[] = [];
let stopRecording: () => void = () => undefined;

/** Clears Mantine's store and records the toasts asked for from now on. */
export function startRecordingToasts(): void {
  stopRecording();
  notifications.clean();
  notifications.cleanQueue();
  asked = [];
  stopRecording = notificationsStore.subscribe(({ notifications: shown, queue }) => {
    for (const toast of [...shown, ...queue]) if (!asked.some((known) => known.id === toast.id)) asked.push(toast);
  });
}

/** The titles of every toast asked for since the render, in order. */
export function toastsAsked(): string[] {
  return asked.map((toast) => String(toast.title));
}

/** The variant whose colour the toast shows (showToast's mapping, read back from the screen). */
function variantOf(element: HTMLElement): ToastVariant {
  const color = element.style.getPropertyValue('--notification-color');
  if (color.includes('red')) return 'destructive';
  if (color.includes('teal')) return 'success';
  if (color.includes('violet')) return 'default';
  throw new Error(`a toast in an unknown colour: ${color}`);
}

function durationOf(title: string): number {
  const toast = [...asked].reverse().find((known) => known.title === title);
  if (typeof toast?.autoClose !== 'number') throw new Error(`'${title}' has no time limit`);
  return toast.autoClose;
}

/** The toast on screen with this title: its words, its link, its colour and how long it stays. */
export async function findToast(title: string): Promise<ShownToast> {
  // A toast replaced by another with the same title stays on screen while it fades out.
  const heading = await waitFor(() => screen.getByText(title, { selector: '.mantine-Notification-title' }));
  const toast = heading.closest<HTMLElement>('[role="alert"]');
  if (!toast) throw new Error(`'${title}' is not in a toast`);
  const message = toast.querySelector('.mantine-Notification-description')?.cloneNode(true) as HTMLElement | undefined;
  const anchor = message?.querySelector('a');
  anchor?.remove();
  const description = message?.textContent?.trim();
  const shown: ShownToast = { title: heading.textContent ?? '', variant: variantOf(toast), durationMs: durationOf(title) };
  if (description) shown.description = description;
  if (anchor) shown.link = { label: anchor.textContent ?? '', href: anchor.getAttribute('href') ?? '' };
  return shown;
}

