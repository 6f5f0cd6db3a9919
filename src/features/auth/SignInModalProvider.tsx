import dynamic from 'next/dynamic';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

// The modal's code loads the first time someone is asked to sign in, not with every page.
const SignInModal = dynamic(() => import('./SignInModal').then((m) => m.SignInModal), { ssr: false });

type SignInModalApi = { open: (callbackUrl?: string) => void; close: () => void };

const SignInModalContext = createContext<SignInModalApi | null>(null);

export function SignInModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ opened: boolean; callbackUrl?: string }>({ opened: false });
  const open = useCallback((callbackUrl?: string) => setState({ opened: true, callbackUrl }), []);
  const close = useCallback(() => setState({ opened: false }), []);
  const api = useMemo(() => ({ open, close }), [open, close]);
  // Once opened it stays mounted, so it can animate closed.
  const everOpened = useRef(false);
  if (state.opened) everOpened.current = true;
  return (
    <SignInModalContext.Provider value={api}>
      {children}
      {everOpened.current ? <SignInModal opened={state.opened} callbackUrl={state.callbackUrl} onClose={close} /> : null}
    </SignInModalContext.Provider>
  );
}

export function useSignInModal(): SignInModalApi {
  const api = useContext(SignInModalContext);
  if (!api) throw new Error('useSignInModal must be used inside SignInModalProvider');
  return api;
}
