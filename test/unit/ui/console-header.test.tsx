// @vitest-environment jsdom
/**
 * The header for staff: the "Admin" link shows to support and admins only (the console's own pages
 * answer everyone else 404), and the balance staff change reaches the open page without a reload.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountArea } from '~/features/layout/AccountArea';
import { fakes, resetFakes } from './helpers/fakes';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Call, type Handlers } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

beforeEach(() => {
  resetFakes();
  fakes.session.status = 'authenticated';
});
afterEach(() => cleanup());

function handlers(role: 'user' | 'support' | 'admin', push?: { emit?: (value: unknown) => void }): Handlers {
  return {
    'user.details': () => userDetails({ credits: 100, role }),
    'system.status': () => SYSTEM_STATUS,
    'user.onBalance': (_input, emit) => {
      if (push) push.emit = emit;
    },
  };
}

describe('the header’s "Admin" link', () => {
  it.each(['support', 'admin'] as const)('shows to %s, leading to /admin', async (role) => {
    renderWithProviders(<AccountArea />, { handlers: handlers(role) });
    const link = await screen.findByTestId('header-admin');
    expect(link.textContent).toBe('Admin');
    expect(link.getAttribute('href')).toBe('/admin');
  });

  it('does not show to a user', async () => {
    renderWithProviders(<AccountArea />, { handlers: handlers('user') });
    await screen.findByTestId('credits-badge');
    expect(screen.queryByTestId('header-admin')).toBeNull();
  });
});

describe('the balance staff change', () => {
  it('replaces the header’s figure as it is pushed, without asking for the details again', async () => {
    const push: { emit?: (value: unknown) => void } = {};
    const calls: Call[] = [];
    renderWithProviders(<AccountArea />, { handlers: handlers('user', push), calls });
    expect((await screen.findByTestId('credits-badge')).textContent).toBe('100 credits');
    await waitFor(() => expect(push.emit).toBeDefined());
    act(() => push.emit!({ credits: 200 }));
    await waitFor(() => expect(screen.getByTestId('credits-badge').textContent).toBe('200 credits'));
    expect(calls.filter((call) => call.path === 'user.details')).toHaveLength(1);
  });
});
