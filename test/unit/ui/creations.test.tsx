// @vitest-environment jsdom
/** /creations: paginated, filtered by type, open one large, download, delete. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreationsBrowser } from '~/features/creations/CreationsBrowser';
import { fakes, resetFakes } from './helpers/fakes';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);
vi.mock('~/features/auth/SignInModalProvider', async () => (await import('./helpers/fakes')).signInModalModule);
vi.mock('~/features/toast/toast', async () => (await import('./helpers/fakes')).toastModule);

function creation(n: number, type = 'image') {
  const url = type === 'video' ? `https://s.test/out/${n}.mp4` : `https://s.test/out/${n}.png`;
  return {
    id: `gen-${n}`,
    status: 'succeeded',
    error: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, n)),
    completedAt: null,
    outputNum: 1,
    modelId: type === 'video' ? 'kling-v2.1-standard' : 'flux-schnell',
    mode: null,
    appId: 'flux-schnell',
    cost: 1,
    isPublic: n % 2 === 0,
    isOwner: true,
    queue: { dispatchAt: new Date(0), waitSeconds: 0, estimatedSeconds: 20 },
    progress: null,
    etaSeconds: null,
    queuePosition: null,
    display: { prompt: `prompt ${n}`, inputImages: [], outputType: type, outputText: null, outputMedia: [{ publicUrl: url, thumbnailUrl: null, contentType: type === 'video' ? 'video/mp4' : 'image/png' }] },
  };
}

function setup() {
  const calls: { path: string; input: unknown }[] = [];
  let items = Array.from({ length: 30 }, (_, i) => creation(30 - i));
  const handlers: Handlers = {
    'system.status': () => SYSTEM_STATUS,
    'user.details': () => userDetails(),
    'prediction.list': (input: unknown) => {
      const { limit, cursor, type } = input as { limit: number; cursor?: string; type?: string };
      const pool = type ? items.filter((c) => c.display.outputType === type) : items;
      const start = cursor ? pool.findIndex((c) => c.id === cursor) + 1 : 0;
      const page = pool.slice(start, start + limit);
      return { items: page, nextCursor: start + limit < pool.length ? (page[page.length - 1]?.id ?? null) : null };
    },
    'prediction.delete': (input: unknown) => {
      const { id } = input as { id: string };
      items = items.filter((c) => c.id !== id);
      return { id, deleted: true };
    },
  };
  return { calls, handlers };
}

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe('My creations', () => {
  it('asks an anonymous visitor to sign in, back to /creations', async () => {
    fakes.session.status = 'unauthenticated';
    renderWithProviders(<CreationsBrowser />, setup());
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(fakes.openSignIn).toHaveBeenCalledWith('/creations');
  });

  it('pages with Load more, filters by type', async () => {
    const s = setup();
    renderWithProviders(<CreationsBrowser />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card')).toHaveLength(24));
    await act(async () => fireEvent.click(screen.getByTestId('creations-more')));
    await waitFor(() => expect(screen.getAllByTestId('creation-card')).toHaveLength(30));
    expect(screen.queryByTestId('creations-more')).toBeNull();
    const lists = s.calls.filter((c) => c.path === 'prediction.list').map((c) => c.input);
    expect(lists[0]).toMatchObject({ limit: 24 });
    expect(lists[0]).not.toHaveProperty('type');
    expect(lists[1]).toMatchObject({ limit: 24, cursor: 'gen-7' });
    fireEvent.click(screen.getByText('Videos'));
    await waitFor(() => expect(s.calls.some((c) => c.path === 'prediction.list' && (c.input as { type?: string }).type === 'video')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('creations-empty')).toBeTruthy());
  });

  it('opens one large with download, and deletes it after confirming', async () => {
    const s = setup();
    renderWithProviders(<CreationsBrowser />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('creation-card')[0]!);
    await screen.findByTestId('creation-details');
    expect(screen.getByTestId('creation-large').getAttribute('src')).toBe('https://s.test/out/30.png');
    expect(screen.getByTestId('download-creation').getAttribute('href')).toBe('https://s.test/out/30.png');
    fireEvent.click(screen.getByTestId('delete-creation'));
    await act(async () => fireEvent.click(screen.getByTestId('delete-confirm')));
    await waitFor(() => expect(s.calls.some((c) => c.path === 'prediction.delete' && (c.input as { id: string }).id === 'gen-30')).toBe(true));
    await waitFor(() => expect(fakes.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Deleted' })));
    await waitFor(() => expect(screen.getAllByTestId('creation-card').map((c) => c.getAttribute('data-id'))).not.toContain('gen-30'));
  });
});
