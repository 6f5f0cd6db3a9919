// @vitest-environment jsdom
/**
 * A suspended account's sign-in (next-auth's AccessDenied, which only the studio's suspension
 * check answers) reads the suspension's one text; any other failure keeps the spec's.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInModal } from '~/features/auth/SignInModal';
import { nextAuthModule, resetFakes } from './helpers/fakes';
import { renderWithProviders, SYSTEM_STATUS } from './helpers/providers';
import { findToast } from './helpers/toasts';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

beforeEach(() => resetFakes());
afterEach(() => {
  cleanup();
  nextAuthModule.signIn.mockReset();
});

async function signInAnswered(answer: { error: string | null; url: string | null }) {
  nextAuthModule.signIn.mockResolvedValue({ ok: answer.error === null, status: 200, ...answer });
  renderWithProviders(<SignInModal opened onClose={() => undefined} />, { handlers: { 'system.status': () => ({ ...SYSTEM_STATUS, googleSignIn: false, devSignIn: true }) } });
  const form = await screen.findByTestId('dev-signin-form');
  fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'someone@example.com' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Sign in with email' }));
}

describe('signing in', () => {
  it('a suspended account: "Authentication failed" with the suspension’s text', async () => {
    await signInAnswered({ error: 'AccessDenied', url: null });
    const toast = await findToast('Authentication failed');
    expect(toast.description).toBe('This account is suspended. Contact support if you think this is a mistake.');
  });

  it('any other refusal keeps the spec’s text', async () => {
    await signInAnswered({ error: 'CredentialsSignin', url: null });
    const toast = await findToast('Authentication failed');
    expect(toast.description).toBe('Unable to sign in with Google. Please try again.');
  });
});
