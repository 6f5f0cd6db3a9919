/**
 * The app's real sign-in dialog (SignInModalProvider, as in _app): what it offers and where it
 * sends a person back to after signing in, read by signing in through it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
// Loaded here so the dialog's lazy chunk resolves at once when it opens, in the same turn as
// everything else the click does (a test that asserts the dialog stays shut relies on it).
import '~/features/auth/SignInModal';
import { nextAuthModule } from './fakes';
import { SYSTEM_STATUS, type Handlers } from './providers';

export const SIGN_IN_TITLE = 'Sign in to your account to continue';

/** The deployment's status for a test that reaches the sign-in dialog: Google only, so one button signs in. */
export const SIGN_IN_BY_GOOGLE: Handlers = { 'system.status': () => ({ ...SYSTEM_STATUS, googleSignIn: true, devSignIn: false }) };

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

/** Whether the sign-in dialog is showing now. */
export function signInDialogShown(): boolean {
  return screen.queryByRole('dialog', { name: SIGN_IN_TITLE }) !== null;
}
