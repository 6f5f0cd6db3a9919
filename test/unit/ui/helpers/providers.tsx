/**
 * Renders UI inside the real providers, as _app does (Mantine, next-intl with the English messages,
 * the real tRPC React client, the toast container and the sign-in dialog's provider), with a
 * terminating test link that answers each procedure from `handlers`.
 */
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, type RenderResult } from '@testing-library/react';
import { I18nProvider } from '~/i18n';
import { SessionStatusProvider } from '~/features/auth/session-status';
import { SignInModalProvider } from '~/features/auth/SignInModalProvider';
import type { SystemStatus } from '~/features/maintenance/useSystemStatus';
import { ToastHost } from '~/features/toast/ToastHost';
import type { z } from 'zod';
import { fakes } from './fakes';
import type { ProcedurePath } from '~/server/http/call-procedure';
import { OUTPUT_SCHEMAS } from './output-schemas';
import { startRecordingToasts } from './toasts';
import { useState, type ReactElement, type ReactNode } from 'react';
import en from '~/messages/en.json';
import type { AppRouter } from '~/server/trpc/root';
import { trpc } from '~/utils/trpc';

export type Handler = (input: unknown) => unknown;
/** A subscription handler pushes values with `emit` and may return a cleanup. */
export type SubscriptionHandler = (input: unknown, emit: (value: unknown) => void) => void | (() => void);
export type Handlers = Record<string, Handler | SubscriptionHandler>;
/** What the client sent, in order: each operation's procedure path and input. */
export type Call = { path: string; input: unknown };

/** The inputs the client sent to one procedure, in the order it sent them. */
export function inputsTo<T = Record<string, unknown>>(calls: readonly Call[], path: string): T[] {
  return calls.filter((call) => call.path === path).map((call) => call.input as T);
}

/**
 * An answer the test releases when it chooses: a handler returns `promise`, and the test looks at
 * the UI while the call is in flight before it calls `resolve` or `reject`.
 */
export function heldAnswer<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (failure: unknown) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (failure: unknown) => void = () => undefined;
  const promise = new Promise<T>((onValue, onFailure) => {
    resolve = onValue;
    reject = onFailure;
  });
  return { promise, resolve, reject };
}

/** A TRPCClientError as the client sees a server error answer (data with the app code). */
export function serverError(message: string, appCode: string, httpStatus = 400): TRPCClientError<AppRouter> {
  return new TRPCClientError<AppRouter>(message, { result: { error: { message, code: -32600, data: { appCode, httpStatus, code: 'BAD_REQUEST' } } } as never });
}

/** A TRPCClientError without any server answer (network failure). */
export function networkError(): TRPCClientError<AppRouter> {
  return TRPCClientError.from(new TypeError('Failed to fetch'));
}

/**
 * A fake answer as the server would send it: parsed with the procedure's own output schema (so
 * unknown fields go, as they do on the server). An answer the server could not send fails the test
 * run (an uncaught error, which vitest reports against the test) as well as the call, so a test
 * cannot pass on a shape the real server would refuse.
 */
function asTheServerSends(path: string, schema: z.ZodType, data: unknown): unknown {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problem = new Error(`The test's answer to ${path} is not what the server sends: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  setTimeout(() => {
    throw problem;
  });
  throw problem;
}

export function testLink(handlers: Handlers, calls: Call[] = []): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const handler = handlers[op.path];
        if (!handler) {
          observer.error(TRPCClientError.from(new Error(`no test handler for ${op.path}`)));
          return () => undefined;
        }
        const schema = OUTPUT_SCHEMAS[op.path as ProcedurePath] as z.ZodType | undefined;
        if (!schema) {
          observer.error(TRPCClientError.from(new Error(`no procedure ${op.path} on the server`)));
          return () => undefined;
        }
        if (op.type === 'subscription') {
          const cleanup = (handler as SubscriptionHandler)(op.input, (value) => observer.next({ result: { type: 'data', data: asTheServerSends(op.path, schema, value) } } as never));
          return () => {
            if (typeof cleanup === 'function') cleanup();
          };
        }
        let active = true;
        Promise.resolve()
          .then(() => (handler as Handler)(op.input))
          .then((data) => asTheServerSends(op.path, schema, data))
          .then(
            (data) => {
              if (!active) return;
              observer.next({ result: { type: 'data', data } } as never);
              observer.complete();
            },
            (failure: unknown) => {
              if (!active) return;
              observer.error(failure instanceof TRPCClientError ? failure : TRPCClientError.from(failure as Error));
            },
          );
        return () => {
          active = false;
        };
      });
}

/** The page's server-known sign-in state for a faked status ('loading': not known, the browser would ask). */
export function signedInFor(status: 'authenticated' | 'unauthenticated' | 'loading'): boolean | undefined {
  return status === 'loading' ? undefined : status === 'authenticated';
}

/** How a test answers the client and records what it sent; `theme` overrides Mantine's (the controls' tests make transitions instant). */
export type ProviderOptions = { handlers?: Handlers; calls?: Call[]; theme?: MantineThemeOverride };

export function TestProviders({ handlers, calls, theme, children }: { handlers: Handlers; calls?: Call[]; theme?: MantineThemeOverride; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  const [client] = useState(() => trpc.createClient({ links: [testLink(handlers, calls)] }));
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider locale="en" messages={en} timeZone="UTC">
          <SessionStatusProvider signedIn={signedInFor(fakes.session.status)}>
            <MantineProvider theme={theme}>
              <ToastHost />
              <SignInModalProvider>{children}</SignInModalProvider>
            </MantineProvider>
          </SessionStatusProvider>
        </I18nProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

/** Renders `ui` in the providers; the toasts recorded (toasts.ts) are those asked for from this render on. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}): RenderResult {
  const handlers = options.handlers ?? {};
  startRecordingToasts();
  return render(ui, {
    wrapper: ({ children }) => (
      <TestProviders handlers={handlers} calls={options.calls} theme={options.theme}>
        {children}
      </TestProviders>
    ),
  });
}

export const SYSTEM_STATUS: SystemStatus = {
  maintenance: { enabled: false, message: 'System is under maintenance. Expected downtime: 6 hours. Please try again later.', estimatedMinutes: 360, blockedActions: ['generate', 'purchase', 'subscription'] },
  devSignIn: true,
  googleSignIn: false,
  localEngine: true,
  localCheckout: false,
  unavailableModels: [],
  timeScale: 1,
};

export function userDetails(overrides: Partial<{ credits: number; premium: boolean; role: 'user' | 'support' | 'admin' }> = {}) {
  return { id: 'u1', email: 'ada@example.com', name: 'Ada', image: null, credits: 100, premium: false, role: 'user' as const, ...overrides };
}
