/**
 * Stand-ins for Next's router and next-auth's browser calls in the component tests (test/unit/ui
 * and test/unit/controls); our own modules are real. Wire them in each test file with vi.mock
 * (vi.mock must live in the test file), e.g.
 *   vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
 */
import { vi } from 'vitest';

export type SessionStatus = 'authenticated' | 'unauthenticated' | 'loading';

export const fakes = {
  session: { status: 'authenticated' as SessionStatus },
  router: {
    asPath: '/es/create/flux-schnell',
    pathname: '/create/[appId]',
    query: { appId: 'flux-schnell' } as Record<string, string>,
    locale: 'es',
    locales: ['en', 'es', 'fr', 'de', 'pt', 'ja'],
    defaultLocale: 'en',
    isReady: true,
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
    prefetch: vi.fn(async () => undefined),
    events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() },
    beforePopState: vi.fn(),
    back: vi.fn(),
    reload: vi.fn(),
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    basePath: '',
    route: '/create/[appId]',
  },
};

export function resetFakes(): void {
  fakes.session.status = 'authenticated';
  fakes.router.asPath = '/es/create/flux-schnell';
  fakes.router.pathname = '/create/[appId]';
  fakes.router.query = { appId: 'flux-schnell' };
  fakes.router.isReady = true;
  for (const fn of [fakes.router.push, fakes.router.replace]) fn.mockClear();
}

/** next-auth's browser calls (sign in, sign out); the session status is the studio's own provider, fed from `fakes.session`. */
export const nextAuthModule = {
  signIn: vi.fn(),
  signOut: vi.fn(),
};

export const nextRouterModule = {
  useRouter: () => fakes.router,
  default: fakes.router,
};
