// @vitest-environment jsdom
/**
 * What the first moments of a page cost on a phone: a page rendered per request hands over the
 * deployment's status (nothing is asked, the first render already shows it), and the toast
 * container waits for the first toast instead of loading with the page.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemStatusSeedProvider } from '~/features/maintenance/useSystemStatus';
import { DevSignInBanner } from '~/features/layout/DevSignInBanner';
import { showToast } from '~/features/toast/toast';
import { renderWithProviders, SYSTEM_STATUS } from './helpers/providers';

afterEach(() => {
  cleanup();
});

describe('the system status a page hands over', () => {
  it('is shown from the first render and never asked for', () => {
    const calls: { path: string; input: unknown }[] = [];
    renderWithProviders(
      <SystemStatusSeedProvider status={{ ...SYSTEM_STATUS, devSignIn: true }}>
        <DevSignInBanner />
      </SystemStatusSeedProvider>,
      { calls, handlers: { 'system.status': () => SYSTEM_STATUS } },
    );
    // Synchronously: the first render already knows.
    expect(screen.getByTestId('dev-signin-banner').textContent).not.toBe('');
    expect(calls.map((c) => c.path)).toEqual([]);
  });

  it('is asked for once when the page has none (a static page)', async () => {
    const calls: { path: string; input: unknown }[] = [];
    renderWithProviders(
      <SystemStatusSeedProvider>
        <DevSignInBanner />
      </SystemStatusSeedProvider>,
      { calls, handlers: { 'system.status': () => ({ ...SYSTEM_STATUS, devSignIn: true }) } },
    );
    expect((await screen.findByTestId('dev-signin-banner')).textContent).not.toBe('');
    expect(calls.map((c) => c.path)).toEqual(['system.status']);
  });
});

describe('the toast host', () => {
  it('mounts the toast container with the first toast, which it then shows', async () => {
    // The providers hold the app's one ToastHost, as _app does.
    renderWithProviders(<main />);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => showToast({ title: 'Saved to your creations', description: 'It is in your library.' }));
    expect(await screen.findByText('Saved to your creations')).toBeTruthy();
    expect(screen.getByText('It is in your library.')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
  });
});
