import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { SignInModal } from './SignInModal';

type SignInModalApi = { open: (callbackUrl?: string) => void; close: () => void };

const SignInModalContext = createContext<SignInModalApi | null>(null);

export function SignInModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ opened: boolean; callbackUrl?: string }>({ opened: false });
  const open = useCallback((callbackUrl?: string) => setState({ opened: true, callbackUrl }), []);
  const close = useCallback(() => setState({ opened: false }), []);
  const api = useMemo(() => ({ open, close }), [open, close]);
  return (
    <SignInModalContext.Provider value={api}>
      {children}
      <SignInModal opened={state.opened} callbackUrl={state.callbackUrl} onClose={close} />
    </SignInModalContext.Provider>
  );
}

export function useSignInModal(): SignInModalApi {
  const api = useContext(SignInModalContext);
  if (!api) throw new Error('useSignInModal must be used inside SignInModalProvider');
  return api;
}
