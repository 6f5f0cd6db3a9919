/**
 * Shared test doubles for the editing controls. Each test file wires them with vi.mock (which
 * must live in the test file), e.g.
 *   vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
 */
import { vi } from 'vitest';
import { getModel, publicModelDefinition } from '~/catalogue';

export type SessionStatus = 'authenticated' | 'unauthenticated' | 'loading';

const DEFAULT_SIGNED = {
  publicUrl: 'https://studio.test/storage/u/1/uploads/a.png',
  signedUrl: 'https://studio.test/storage/u/1/uploads/a.png?sig=1',
};

export const fakes = {
  session: { status: 'authenticated' as SessionStatus },
  router: {
    asPath: '/es/create/flux-fill',
    pathname: '/create/[appId]',
    query: {} as Record<string, string>,
    locale: 'es',
    locales: ['en', 'es', 'fr', 'de', 'pt', 'ja'],
    defaultLocale: 'en',
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
    prefetch: vi.fn(async () => undefined),
    events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() },
    isReady: true,
  },
  openSignIn: vi.fn(),
  toast: vi.fn(),
  signedUrl: vi.fn(async (_input: { contentType: string; remoteName: string; sourceSubfolder: string; size: number }) => ({ ...DEFAULT_SIGNED })),
  runSync: vi.fn(async (_input: Record<string, unknown>) => ({ id: 'gen-1', text: 'a prompt', user_credits: 9 })),
  refreshUser: vi.fn(async () => undefined),
  randomPrompt: vi.fn(async () => ({ content: 'a lighthouse at dusk, oil painting' })),
  user: { premium: false },
  /** What upload.faceCheck answers for an enabled query (undefined: no answer yet). */
  faceVerdict: undefined as { status: 'one_face' | 'no_face' | 'many_faces' | 'unreadable' | 'unchecked'; faces: number | null } | undefined,
  faceCheck: vi.fn((_input: { url: string }) => undefined as void),
};

export function resetFakes(): void {
  fakes.session.status = 'authenticated';
  fakes.user.premium = false;
  fakes.router.asPath = '/es/create/flux-fill';
  fakes.router.locale = 'es';
  for (const fn of [fakes.router.push, fakes.router.replace, fakes.openSignIn, fakes.toast, fakes.refreshUser]) fn.mockClear();
  fakes.signedUrl.mockReset().mockImplementation(async () => ({ ...DEFAULT_SIGNED }));
  fakes.runSync.mockReset().mockImplementation(async () => ({ id: 'gen-1', text: 'a prompt', user_credits: 9 }));
  fakes.randomPrompt.mockReset().mockImplementation(async () => ({ content: 'a lighthouse at dusk, oil painting' }));
  fakes.faceVerdict = undefined;
  fakes.faceCheck.mockClear();
}

function mutation<I, O>(fn: (input: I) => Promise<O>) {
  return () => ({
    mutateAsync: (input: I) => fn(input),
    mutate: (input: I) => void fn(input).catch(() => undefined),
    isPending: false,
    reset: () => undefined,
  });
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

export const signInModalModule = {
  useSignInModal: () => ({ open: fakes.openSignIn, close: vi.fn() }),
  SignInModalProvider: ({ children }: { children: unknown }) => children,
};

export const toastModule = { showToast: fakes.toast };

export const trpcModule = {
  trpc: {
    upload: {
      signedUrl: { useMutation: mutation(fakes.signedUrl) },
      faceCheck: {
        useQuery: (input: { url: string }, options?: { enabled?: boolean }) => {
          if (options?.enabled === false) return { isPending: true, fetchStatus: 'idle', data: undefined };
          fakes.faceCheck(input);
          return fakes.faceVerdict ? { isPending: false, fetchStatus: 'idle', data: fakes.faceVerdict } : { isPending: true, fetchStatus: 'fetching', data: undefined };
        },
      },
    },
    generation: {
      runSync: { useMutation: mutation(fakes.runSync) },
      // Answers as the catalogue procedure does: the model's public definition.
      model: { useQuery: ({ id }: { id: string }) => ({ data: publicModelDefinition(getModel(id)!) }) },
    },
    useUtils: () => ({
      user: { details: { invalidate: fakes.refreshUser } },
      client: { generation: { randomPrompt: { query: () => fakes.randomPrompt() } } },
    }),
  },
};

export const userDetailsModule = {
  useUserDetails: () => ({ user: { id: 'u1', email: 'ada@example.com', name: null, image: null, credits: 10, premium: fakes.user.premium }, loading: false, refresh: fakes.refreshUser }),
};
