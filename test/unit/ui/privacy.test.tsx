// @vitest-environment jsdom
/**
 * Account → Privacy (issue 41), through the real tRPC client and a test link: the page says the
 * uploads' retention days it is given; Download my data starts an export, shows its progress while
 * it is prepared and the signed link once ready (no new one offered meanwhile); Delete my account
 * sends the typed e-mail, words a wrong one and a payment provider that could not cancel the plan,
 * and signs out once deleted. A portrait field's "keep this photo" sends the photo's URL.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrivacyView } from '~/features/privacy/PrivacyView';
import { KeepPhotoToggle } from '~/features/uploads';
import { nextAuthModule, resetFakes } from './helpers/fakes';
import { inputsTo, renderWithProviders, serverError, SYSTEM_STATUS, type Call, type Handlers } from './helpers/providers';

vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);
vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);

beforeEach(() => resetFakes());
afterEach(() => {
  cleanup();
  nextAuthModule.signOut.mockClear();
});

const created = new Date(Date.UTC(2026, 10, 28, 9));
const exportRow = (overrides: Record<string, unknown> = {}) => ({
  id: 'exp-1',
  status: 'queued' as const,
  done: 0,
  total: 120,
  createdAt: created,
  readyAt: null,
  expiresAt: null,
  size: null,
  downloadUrl: null,
  ...overrides,
});

function open(overrides: Handlers = {}) {
  const calls: Call[] = [];
  renderWithProviders(<PrivacyView uploadRetentionDays={30} />, { handlers: { 'system.status': () => SYSTEM_STATUS, 'privacy.latestExport': () => null, ...overrides }, calls });
  return calls;
}

describe('what the studio keeps', () => {
  it('says the uploads are kept for the days the server sets', async () => {
    open();
    expect((await screen.findByTestId('privacy-uploads-days')).textContent).toContain('Photos and masks you upload as inputs for 30 days, then they are deleted.');
  });
});

describe('download my data', () => {
  it('starts an export, shows its progress, then the signed link until it expires', async () => {
    let latest: ReturnType<typeof exportRow> | null = null;
    const calls = open({
      'privacy.latestExport': () => latest,
      'privacy.requestExport': () => (latest = exportRow({ status: 'running', done: 30 })),
    });
    fireEvent.click(await screen.findByTestId('privacy-export-start'));
    expect((await screen.findByTestId('privacy-export-progress')).textContent).toContain('Preparing: 30 of 120 creations');
    expect(screen.queryByTestId('privacy-export-start')).toBeNull();
    expect(inputsTo(calls, 'privacy.requestExport')).toHaveLength(1);
    latest = exportRow({ status: 'ready', done: 120, readyAt: created, expiresAt: new Date(created.getTime() + 86_400_000), size: 2_500_000, downloadUrl: 'https://studio.test/api/storage/u/me/exports/exp-1.zip?expires=1&sig=x' });
    const link = await screen.findByTestId('privacy-export-download', {}, { timeout: 5_000 });
    expect(link.getAttribute('href')).toBe('https://studio.test/api/storage/u/me/exports/exp-1.zip?expires=1&sig=x');
    expect(screen.getByTestId('privacy-export-ready').textContent).toContain('Your download is ready (2.5 MB).');
    expect(screen.getByText('Available until Nov 29, 2026, 9:00 AM.')).toBeTruthy();
    expect(screen.queryByTestId('privacy-export-start')).toBeNull();
  });

  it('offers a new one once the last has expired', async () => {
    open({ 'privacy.latestExport': () => exportRow({ status: 'expired' }) });
    expect(await screen.findByText('Your last download has expired. Prepare a new one.')).toBeTruthy();
    expect(screen.getByTestId('privacy-export-start')).toBeTruthy();
  });
});

describe('delete my account', () => {
  it('sends the typed e-mail and signs out once deleted', async () => {
    const calls = open({ 'privacy.deleteAccount': () => ({ status: 'deleted' as const }) });
    const submit = (await screen.findByTestId('privacy-delete-submit')) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('privacy-delete-email'), { target: { value: ' ada@example.com ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(nextAuthModule.signOut).toHaveBeenCalledWith({ callbackUrl: '/' }));
    expect(inputsTo(calls, 'privacy.deleteAccount')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('words a wrong e-mail and a plan the payment provider could not cancel, and stays signed in', async () => {
    let answer = serverError('This is not the e-mail address of your account. Nothing was deleted.', 'validation_failed');
    open({ 'privacy.deleteAccount': () => Promise.reject(answer) });
    fireEvent.change(await screen.findByTestId('privacy-delete-email'), { target: { value: 'someone@example.com' } });
    fireEvent.click(screen.getByTestId('privacy-delete-submit'));
    expect(await screen.findByText('This is not the e-mail address of your account. Nothing was deleted.')).toBeTruthy();
    answer = serverError('Your subscription could not be cancelled at the payment provider, so nothing was deleted. Please try again in a few minutes.', 'provider_error', 502);
    fireEvent.click(screen.getByTestId('privacy-delete-submit'));
    expect(await screen.findByText('Your subscription could not be cancelled at the payment provider, so nothing was deleted. Please try again in a few minutes.')).toBeTruthy();
    expect(nextAuthModule.signOut).not.toHaveBeenCalled();
  });
});

describe('keep this photo for next time', () => {
  it('sends the photo and the choice, and starts unticked', async () => {
    const calls: Call[] = [];
    renderWithProviders(<KeepPhotoToggle url="https://studio.test/api/storage/u/me/uploads/2026-11-28/a.jpg" testId="keep" />, {
      handlers: { 'upload.keepPhoto': (input: unknown) => ({ keep: (input as { keep: boolean }).keep }) },
      calls,
    });
    const box = (await screen.findByLabelText('Keep this photo for next time')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(inputsTo(calls, 'upload.keepPhoto')).toEqual([{ url: 'https://studio.test/api/storage/u/me/uploads/2026-11-28/a.jpg', keep: true }]));
    expect(box.checked).toBe(true);
  });
});
