// @vitest-environment jsdom
/**
 * The page-wide sign-in status (features/auth/session-status.tsx): a page rendered per request
 * passes what the server knows and nothing is fetched; a static page asks /api/auth/session once;
 * another tab signing in or out (next-auth's `nextauth.message` broadcast) is followed.
 * `fetch` is the browser's (a stand-in answering as next-auth's session route does).
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionStatusProvider, useSessionStatus } from '~/features/auth/session-status';

function Status() {
  return <span data-testid="status">{useSessionStatus()}</span>;
}

/** A fetch that answers /api/auth/session with `answers` in turn (next-auth: `{}` when signed out). */
function sessionRoute(...answers: (object | Error)[]) {
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toBe('/api/auth/session');
    const answer = answers.shift() ?? {};
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const SIGNED_IN = { user: { email: 'ada@example.com' }, expires: '2999-01-01T00:00:00.000Z' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('session status', () => {
  it('takes a server-rendered page at its word and fetches nothing', async () => {
    const fetchMock = sessionRoute();
    const { rerender } = render(
      <SessionStatusProvider signedIn>
        <Status />
      </SessionStatusProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    rerender(
      <SessionStatusProvider signedIn={false}>
        <Status />
      </SessionStatusProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('unauthenticated');
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the session route once on a static page: loading, then signed in', async () => {
    const fetchMock = sessionRoute(SIGNED_IN);
    const { rerender } = render(
      <SessionStatusProvider>
        <Status />
      </SessionStatusProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    // Another static page later: the answer is kept, not asked again.
    rerender(
      <SessionStatusProvider>
        <Status />
      </SessionStatusProvider>,
    );
    await act(async () => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads a signed-out answer, and no answer at all, as signed out', async () => {
    sessionRoute({});
    render(
      <SessionStatusProvider>
        <Status />
      </SessionStatusProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
    cleanup();
    sessionRoute(new TypeError('Failed to fetch'));
    render(
      <SessionStatusProvider>
        <Status />
      </SessionStatusProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
  });

  it("follows another tab's sign-out broadcast, even on a page the server rendered signed in", async () => {
    const fetchMock = sessionRoute({});
    render(
      <SessionStatusProvider signedIn>
        <Status />
      </SessionStatusProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'some.other.key', newValue: '{}' }));
    });
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'nextauth.message', newValue: JSON.stringify({ event: 'session', data: { trigger: 'signout' } }) }));
    });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
