// @vitest-environment jsdom
/**
 * The sign-in modal offers only what works (issue 11 item 2: the Google button only when Google
 * is configured, the development sign-in's own form only when it is on) and its title is one
 * heading (item 12: an h2 inside Mantine's h2 was invalid HTML and a hydration error).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInModal } from '~/features/auth/SignInModal';
import { resetFakes } from './helpers/fakes';
import { renderWithProviders, SYSTEM_STATUS } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const TITLE = 'Sign in to your account to continue';

function open(status: { googleSignIn: boolean; devSignIn: boolean }) {
  return renderWithProviders(<SignInModal opened onClose={() => undefined} />, {
    handlers: { 'system.status': () => ({ ...SYSTEM_STATUS, ...status }) },
  });
}

let consoleErrors: string[];

beforeEach(() => {
  resetFakes();
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('sign-in options', () => {
  it('Google configured, development sign-in off: the Google button and nothing else', async () => {
    open({ googleSignIn: true, devSignIn: false });
    await screen.findByTestId('google-signin');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.queryByTestId('dev-signin-form')).toBeNull();
  });

  it('development sign-in only: its own form, and no Google button', async () => {
    open({ googleSignIn: false, devSignIn: true });
    const form = await screen.findByTestId('dev-signin-form');
    expect(within(form).getByRole('button', { name: 'Sign in with email' })).toBeTruthy();
    expect(screen.queryByTestId('google-signin')).toBeNull();
    expect(screen.queryByText('Sign in with Google')).toBeNull();
    // No "or" between a button that is not there and the form.
    expect(screen.queryByText('or')).toBeNull();
  });

  it('both: the Google button, then the development form', async () => {
    open({ googleSignIn: true, devSignIn: true });
    await screen.findByTestId('dev-signin-form');
    expect(screen.getByTestId('google-signin')).toBeTruthy();
    expect(screen.getByText('or')).toBeTruthy();
  });

  it('neither: says sign-in is not available instead of offering a button that fails', async () => {
    open({ googleSignIn: false, devSignIn: false });
    expect((await screen.findByTestId('no-signin-method')).textContent).toBe('Sign-in is not available right now.');
    expect(screen.queryByRole('button', { name: /sign in with/i })).toBeNull();
  });
});

describe('the title', () => {
  it('is one heading that names the dialog, with no heading nested in another', async () => {
    open({ googleSignIn: true, devSignIn: false });
    await screen.findByTestId('google-signin');
    const headings = screen.getAllByRole('heading');
    expect(headings.map((h) => h.textContent)).toEqual([TITLE]);
    expect(document.querySelector('h1 h2, h2 h2, h2 h3, h2 h4')).toBeNull();
    expect(screen.getByRole('dialog', { name: TITLE })).toBeTruthy();
    await waitFor(() => expect(consoleErrors.filter((e) => /descendant of|hydration/i.test(e))).toEqual([]));
  });
});
