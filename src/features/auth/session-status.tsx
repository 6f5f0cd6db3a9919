/**
 * Whether the visitor is signed in, for the whole page: 'loading' until known, then
 * 'authenticated' or 'unauthenticated'. Every component asks this one door (useSessionStatus).
 *
 * Why not next-auth's SessionProvider: the studio only ever needs this status (credits and plan
 * come from user.details), and the provider costs ~10 kB of gzip in every page's first load plus
 * a /api/auth/session request and a re-render of the page right after it hydrates. Pages rendered
 * per request already know the answer (page-props.ts `viewerProps`), so they pass it and nothing is
 * fetched; static pages (home, creations, sign-in) ask /api/auth/session once. Signing in or out
 * reloads the page; another tab signing in or out is followed through next-auth's own broadcast
 * (a `nextauth.message` storage event), as next-auth's provider does.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

const SessionStatusContext = createContext<SessionStatus>('loading');

/** The key next-auth writes to localStorage when a tab signs in or out. */
const NEXT_AUTH_BROADCAST_KEY = 'nextauth.message';

async function fetchStatus(): Promise<SessionStatus> {
  try {
    const response = await fetch('/api/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return 'unauthenticated';
    const session = (await response.json()) as { user?: unknown } | null;
    return session?.user ? 'authenticated' : 'unauthenticated';
  } catch {
    // No answer is treated as signed out, as next-auth does: signing in is always offered then.
    return 'unauthenticated';
  }
}

/** `signedIn`: what the server already knows for this page (undefined: ask once in the browser). */
export function SessionStatusProvider({ signedIn, children }: { signedIn?: boolean; children: ReactNode }) {
  const [asked, setAsked] = useState<SessionStatus | null>(null);
  const [broadcast, setBroadcast] = useState<SessionStatus | null>(null);
  const mustAsk = signedIn === undefined && asked === null;
  useEffect(() => {
    if (!mustAsk) return;
    let live = true;
    void fetchStatus().then((status) => live && setAsked(status));
    return () => {
      live = false;
    };
  }, [mustAsk]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === NEXT_AUTH_BROADCAST_KEY) void fetchStatus().then(setBroadcast);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const known: SessionStatus | null = signedIn === undefined ? null : signedIn ? 'authenticated' : 'unauthenticated';
  // Another tab's sign-in or sign-out is newer than anything this page was rendered with.
  const status = broadcast ?? known ?? asked ?? 'loading';
  return <SessionStatusContext.Provider value={status}>{children}</SessionStatusContext.Provider>;
}

export function useSessionStatus(): SessionStatus {
  return useContext(SessionStatusContext);
}
