// @vitest-environment jsdom
/**
 * Account → Developers → Endpoints (issue 37, item 5), through the real tRPC client and a test link:
 * adding sends the URL and the chosen events and shows the secret once; a refusal shows the
 * server's words; the list shows a disabled endpoint's reason and "Enable again"; the log shows
 * each attempt; "Send test event", enable and delete send the endpoint's id.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevelopersView } from '~/features/developers/DevelopersView';
import { inputsTo, renderWithProviders, serverError, SYSTEM_STATUS, type Call, type Handlers } from './helpers/providers';

vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

afterEach(() => cleanup());

const created = new Date(Date.UTC(2026, 10, 20, 9));
const healthy = { id: 'ep-1', url: 'https://hooks.example.com/studio', events: ['generation.succeeded' as const], createdAt: created, failingSince: null, disabledAt: null, disabledReason: null };
const disabled = {
  ...healthy,
  id: 'ep-2',
  url: 'https://down.example.com/hook',
  failingSince: created,
  disabledAt: new Date(Date.UTC(2026, 10, 21, 9)),
  disabledReason: 'Every attempt failed for 24 hours. The last one: The endpoint answered 503.',
};

function open(overrides: Handlers = {}) {
  const calls: Call[] = [];
  const handlers: Handlers = {
    'system.status': () => SYSTEM_STATUS,
    'keys.list': () => ({ items: [] }),
    'callbacks.list': () => ({ items: [healthy, disabled] }),
    'callbacks.attempts': () => ({
      items: [
        { id: 'a-2', deliveryId: 'msg_1', event: 'generation.succeeded', status: 200, error: null, response: 'thanks', at: new Date(Date.UTC(2026, 10, 20, 9, 1)) },
        { id: 'a-1', deliveryId: 'msg_1', event: 'generation.succeeded', status: null, error: 'The endpoint did not answer within 10 s.', response: null, at: new Date(Date.UTC(2026, 10, 20, 9, 0)) },
      ],
    }),
    'callbacks.sendTest': () => ({ deliveryId: 'msg_test' }),
    'callbacks.remove': () => ({ removed: true }),
    ...overrides,
  };
  renderWithProviders(<DevelopersView />, { handlers, calls });
  return calls;
}

describe('the Endpoints section', () => {
  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    const calls = open({ 'callbacks.create': () => ({ endpoint: { ...healthy, id: 'ep-3' }, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTEyMw==' }) });
    fireEvent.change(await screen.findByTestId('endpoint-url'), { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.click(screen.getByTestId('event-generation.canceled'));
    fireEvent.click(screen.getByTestId('endpoint-create'));
    expect(await screen.findByTestId('new-secret-value')).toHaveProperty('textContent', 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTEyMw==');
    expect(screen.getByText('The endpoint’s signing secret')).toBeTruthy();
    expect(inputsTo(calls, 'callbacks.create')).toEqual([{ url: 'https://hooks.example.com/new', events: ['generation.succeeded', 'generation.failed'] }]);
    fireEvent.click(screen.getByText('I have copied it'));
    await waitFor(() => expect(screen.queryByTestId('new-secret')).toBeNull());
  });

  it('shows the server’s refusal', async () => {
    open({ 'callbacks.create': () => Promise.reject(serverError('This address cannot receive callbacks: loopback, private and link-local addresses are refused.', 'validation_failed')) });
    fireEvent.change(await screen.findByTestId('endpoint-url'), { target: { value: 'https://10.0.0.1/hook' } });
    fireEvent.click(screen.getByTestId('endpoint-create'));
    expect((await screen.findByTestId('endpoint-error')).textContent).toBe('This address cannot receive callbacks: loopback, private and link-local addresses are refused.');
  });

  it('lists endpoints with their state, a disabled one with why, and sends a test event, opens the log and deletes by id', async () => {
    const calls = open();
    const rows = await screen.findAllByTestId('endpoint-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('endpoint-disabled-reason').textContent).toBe(
      'Disabled on Nov 21, 2026, 9:00 AM. Every attempt failed for 24 hours. The last one: The endpoint answered 503.',
    );
    expect((within(rows[1]!).getByTestId('endpoint-test') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(rows[0]!).getByTestId('endpoint-test'));
    expect(await within(rows[0]!).findByText('Test event queued: the log shows how it went.')).toBeTruthy();
    expect(inputsTo(calls, 'callbacks.sendTest')).toEqual([{ id: 'ep-1' }]);
    const log = await within(rows[0]!).findByTestId('attempt-log');
    const attempts = within(log).getAllByTestId('attempt-row');
    expect(attempts.map((row) => row.textContent)).toEqual([
      'Nov 20, 2026, 9:01:00 AMSucceeded200thanks',
      'Nov 20, 2026, 9:00:00 AMSucceededNo answerThe endpoint did not answer within 10 s.',
    ]);
    fireEvent.click(within(rows[1]!).getByTestId('endpoint-delete'));
    await waitFor(() => expect(inputsTo(calls, 'callbacks.remove')).toEqual([{ id: 'ep-2' }]));
  });

  it('offers "Enable again" on a disabled endpoint only, sends its id, and shows it active from the server’s answer', async () => {
    let enabled = false;
    const calls = open({
      'callbacks.list': () => ({ items: enabled ? [healthy, { ...disabled, failingSince: null, disabledAt: null, disabledReason: null }] : [healthy, disabled] }),
      'callbacks.enable': () => {
        enabled = true;
        return { ...disabled, failingSince: null, disabledAt: null, disabledReason: null };
      },
    });
    const rows = await screen.findAllByTestId('endpoint-row');
    expect(within(rows[0]!).queryByTestId('endpoint-enable')).toBeNull();
    fireEvent.click(within(rows[1]!).getByText('Enable again'));
    await waitFor(() => expect(inputsTo(calls, 'callbacks.enable')).toEqual([{ id: 'ep-2' }]));
    await waitFor(() => expect(within(screen.getAllByTestId('endpoint-row')[1]!).getByText('Active')).toBeTruthy());
    expect(screen.queryByTestId('endpoint-disabled-reason')).toBeNull();
  });
});
