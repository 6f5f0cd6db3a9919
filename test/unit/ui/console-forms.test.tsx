// @vitest-environment jsdom
/**
 * A console form is one action however often it is sent: the id it carries is made when it opens,
 * kept when the same form is sent again (after a failure, or a second click), and renewed once the
 * action is done. A reason is asked before anything is sent.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreditsForm } from '~/features/console/CreditsForm';
import { resetFakes } from './helpers/fakes';
import { inputsTo, networkError, renderWithProviders, type Call } from './helpers/providers';
import { findToast } from './helpers/toasts';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

beforeEach(() => resetFakes());
afterEach(() => cleanup());

type Sent = { actionId: string; userId: string; amount: number; reason: string; allowNegative: boolean };

function fill(form: HTMLElement, amount: string, reason: string) {
  fireEvent.change(within(form).getByTestId('credits-amount'), { target: { value: amount } });
  fireEvent.change(within(form).getByTestId('credits-form-reason'), { target: { value: reason } });
}

describe('the credits form', () => {
  it('sends the same action id again after a failure, and a new one for the next grant', async () => {
    const calls: Call[] = [];
    const answers = [() => Promise.reject(networkError()), () => ({ repeated: true, balance: null }), () => ({ repeated: false, balance: 150 })];
    renderWithProviders(<CreditsForm userId="u1" />, { calls, handlers: { 'admin.adjustCredits': () => answers.shift()!() } });
    const form = screen.getByTestId('credits-form');
    fill(form, '100', '  Goodwill  ');
    fireEvent.click(within(form).getByTestId('credits-form-submit'));
    expect((await findToast('Not done')).variant).toBe('destructive');
    // Sent again as it is: the same form, so the same action.
    fireEvent.click(within(form).getByTestId('credits-form-submit'));
    await findToast('Already done: this form was sent before.');
    fill(form, '50', 'Another one');
    fireEvent.click(within(form).getByTestId('credits-form-submit'));
    await findToast('Done.');
    const sent = inputsTo<Sent>(calls, 'admin.adjustCredits');
    expect(sent.map(({ actionId: _id, ...rest }) => rest)).toEqual([
      { userId: 'u1', amount: 100, reason: 'Goodwill', allowNegative: false },
      { userId: 'u1', amount: 100, reason: 'Goodwill', allowNegative: false },
      { userId: 'u1', amount: 50, reason: 'Another one', allowNegative: false },
    ]);
    expect(sent[0]!.actionId).toBe(sent[1]!.actionId);
    expect(sent[2]!.actionId).not.toBe(sent[0]!.actionId);
  });

  it('a deduction sends a negative amount, below zero only when ticked', async () => {
    const calls: Call[] = [];
    renderWithProviders(<CreditsForm userId="u1" />, { calls, handlers: { 'admin.adjustCredits': () => ({ repeated: false, balance: -5 }) } });
    const form = screen.getByTestId('credits-form');
    fireEvent.click(within(form).getByText('Deduct'));
    fireEvent.click(await within(form).findByLabelText('Allow a negative balance'));
    fill(form, '20', 'Chargeback');
    fireEvent.click(within(form).getByTestId('credits-form-submit'));
    await findToast('Done.');
    expect(inputsTo<Sent>(calls, 'admin.adjustCredits').map(({ amount, allowNegative }) => ({ amount, allowNegative }))).toEqual([{ amount: -20, allowNegative: true }]);
  });

  it('asks for a reason (more than spaces) before sending anything', async () => {
    const calls: Call[] = [];
    renderWithProviders(<CreditsForm userId="u1" />, { calls, handlers: { 'admin.adjustCredits': () => ({ repeated: false, balance: 1 }) } });
    const form = screen.getByTestId('credits-form');
    fill(form, '10', '   ');
    fireEvent.click(within(form).getByTestId('credits-form-submit'));
    await waitFor(() => expect(within(form).getByText('A reason is required.')).toBeTruthy());
    expect(inputsTo(calls, 'admin.adjustCredits')).toEqual([]);
  });
});
