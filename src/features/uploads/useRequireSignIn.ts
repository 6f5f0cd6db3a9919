/**
 * Anonymous visitors may browse but not upload (tool-catalogue §4, §6): an attempt opens the
 * sign-in dialog with the current path (without its locale prefix) as the callback.
 */
import { useSessionStatus } from '~/features/auth/session-status';
import { useRouter } from 'next/router';
import { useCallback } from 'react';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { useSignInModal } from '~/features/auth/SignInModalProvider';

export type RequireSignIn = {
  signedIn: boolean;
  /** True when signed in; otherwise opens the sign-in dialog and returns false. */
  ensureSignedIn: () => boolean;
  /** Opens the sign-in dialog (e.g. the server said the session has ended). */
  openSignIn: () => void;
};

export function useRequireSignIn(): RequireSignIn {
  const status = useSessionStatus();
  const { open } = useSignInModal();
  const router = useRouter();
  const openSignIn = useCallback(() => open(pathWithoutLocale(router.asPath, router.locales ?? [])), [open, router]);
  const ensureSignedIn = useCallback(() => {
    if (status === 'authenticated') return true;
    // While the session is still loading nothing happens; the status settles within moments.
    if (status === 'unauthenticated') openSignIn();
    return false;
  }, [status, openSignIn]);
  return { signedIn: status === 'authenticated', ensureSignedIn, openSignIn };
}
