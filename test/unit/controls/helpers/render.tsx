/**
 * Renders a control inside the UI tests' providers (Mantine, next-intl with the English messages,
 * the real tRPC client on a test link), with a theme that makes Mantine's dropdowns and transitions
 * assertable in jsdom.
 */
import { createTheme, Modal, Popover } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { expect } from 'vitest';
import { SignInModalProvider } from '~/features/auth/SignInModalProvider';
import { ToastHost } from '~/features/toast/ToastHost';
import { nextAuthModule } from '../../ui/helpers/fakes';
import { renderWithProviders as renderWithTestProviders, SYSTEM_STATUS, TestProviders, type Handlers, type ProviderOptions } from '../../ui/helpers/providers';

// The jsdom stand-ins (matchMedia with reduced motion, ResizeObserver, object URLs) are in test/setup/unit.ts.

// jsdom lays nothing out: a dropdown's target looks detached (hidden) unless told otherwise.
// Transitions are instant so opening and closing are synchronous enough to assert on.
const testTheme = createTheme({
  respectReducedMotion: true,
  components: {
    Popover: Popover.extend({ defaultProps: { hideDetached: false, transitionProps: { duration: 0 } } }),
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }),
  },
});

/** The providers alone, for a test that renders them itself (hydration); no procedure is answered. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <TestProviders handlers={{}} theme={testTheme}>
      {children}
    </TestProviders>
  );
}

/**
 * `handlers` answer the procedures the UI calls (none by default); `calls` records what the client
 * sent. As in _app, the tree sits in the sign-in dialog's provider beside the toast container;
 * Mantine's toast store outlives a test, so each render starts with no toast.
 */
export function renderWithProviders(ui: ReactElement, api: Omit<ProviderOptions, 'theme'> = {}): RenderResult {
  notifications.clean();
  notifications.cleanQueue();
  return renderWithTestProviders(
    <>
      <ToastHost />
      <SignInModalProvider>{ui}</SignInModalProvider>
    </>,
    { ...api, theme: testTheme },
  );
}

/** The deployment's status for a test that reaches the sign-in dialog: Google only, so one button signs in. */
export const SIGN_IN_BY_GOOGLE: Handlers = { 'system.status': () => ({ ...SYSTEM_STATUS, googleSignIn: true, devSignIn: false }) };

const SIGN_IN_TITLE = 'Sign in to your account to continue';

/** The sign-in dialog once it shows; signs in with Google there and answers with what that asked next-auth. */
export async function signInFromDialog(): Promise<unknown[]> {
  const dialog = await screen.findByRole('dialog', { name: SIGN_IN_TITLE });
  const google = await within(dialog).findByRole('button', { name: 'Sign in with Google' });
  nextAuthModule.signIn.mockClear();
  fireEvent.click(google);
  await waitFor(() => expect(nextAuthModule.signIn).toHaveBeenCalledTimes(1));
  return nextAuthModule.signIn.mock.calls[0]!;
}

/** Closes the sign-in dialog with its close button and waits until it is gone. */
export async function closeSignInDialog(): Promise<void> {
  const dialog = screen.getByRole('dialog', { name: SIGN_IN_TITLE });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: SIGN_IN_TITLE })).toBeNull());
}

/** The toast a person sees with this title: its words and whether it is the destructive (red) kind. */
export async function findToast(title: string): Promise<{ title: string; description: string; destructive: boolean }> {
  const heading = await screen.findByText(title);
  const toast = heading.closest<HTMLElement>('[role="alert"]');
  if (!toast) throw new Error(`'${title}' is not in a toast`);
  return {
    title: toast.querySelector('.mantine-Notification-title')?.textContent ?? '',
    description: toast.querySelector('.mantine-Notification-description')?.textContent ?? '',
    destructive: toast.style.getPropertyValue('--notification-color').includes('red'),
  };
}

/** The titles of the toasts the app has asked to show since the render (for asserting there is none). */
export function toastsAsked(): string[] {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].map((toast) => String(toast.title));
}

/** An image file of a given byte size (content is irrelevant: jsdom cannot decode it anyway). */
export function imageFile(size: number, name = 'photo.png', type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type });
}
