// @vitest-environment jsdom
/** /creations: paginated, filtered by type, open one large, download, delete. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreationsBrowser } from '~/features/creations/CreationsBrowser';
import { nextStepsData } from '~/server/pages/next-steps';
import { creationsPageData } from '~/server/pages/page-props';
import { fakes, resetFakes } from './helpers/fakes';
import { asCreation, predictionFixture } from './helpers/prediction';
import { renderWithProviders, SYSTEM_STATUS, userDetails, type Handlers } from './helpers/providers';
import { SIGN_IN_BY_GOOGLE, signInFromDialog } from './helpers/sign-in-dialog';
import { findToast } from './helpers/toasts';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

function creation(n: number, type = 'image') {
  const url = type === 'video' ? `https://s.test/out/${n}.mp4` : `https://s.test/out/${n}.png`;
  const key = `u/u1/generations/gen-${n}/0-${n}.${type === 'video' ? 'mp4' : 'png'}`;
  return asCreation(
    predictionFixture({
      id: `gen-${n}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, n)),
      modelId: type === 'video' ? 'kling-v2.1-standard' : 'flux-schnell',
      isPublic: n % 2 === 0,
      display: { prompt: `prompt ${n}`, inputImages: [], outputType: type, outputText: null, outputMedia: [{ publicUrl: url, thumbnailUrl: null, contentType: type === 'video' ? 'video/mp4' : 'image/png', key }] },
    }),
    { starred: n === 29 },
  );
}

function setup() {
  const calls: { path: string; input: unknown }[] = [];
  let items = Array.from({ length: 30 }, (_, i) => creation(30 - i));
  const handlers: Handlers = {
    'system.status': () => SYSTEM_STATUS,
    'generation.nextSteps': () => nextStepsData(),
    'user.details': () => userDetails(),
    'prediction.list': (input: unknown) => {
      const { limit, cursor, type, status, modelId } = input as { limit: number; cursor?: string; type?: string; status?: string; modelId?: string };
      const pool = items.filter((c) => (!type || c.display.outputType === type) && (!status || c.status === status) && (!modelId || c.modelId === modelId));
      const start = cursor ? pool.findIndex((c) => c.id === cursor) + 1 : 0;
      const page = pool.slice(start, start + limit);
      return { items: page, nextCursor: start + limit < pool.length ? (page[page.length - 1]?.id ?? null) : null };
    },
    'collection.list': () => [{ id: 'col-1', name: 'Birds', count: 2, createdAt: new Date(0) }],
    'prediction.star': (input: unknown) => input,
    'prediction.delete': (input: unknown) => {
      const { id } = input as { id: string };
      items = items.filter((c) => c.id !== id);
      return { id, deleted: true };
    },
    'prediction.deleteMany': (input: unknown) => {
      const { ids } = input as { ids: string[] };
      items = items.filter((c) => !ids.includes(c.id));
      return { ids, deleted: ids.length };
    },
  };
  return { calls, handlers };
}

beforeEach(() => resetFakes());
afterEach(() => cleanup());

describe('My creations', () => {
  it('asks an anonymous visitor to sign in, back to /creations', async () => {
    fakes.session.status = 'unauthenticated';
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, { ...s, handlers: { ...s.handlers, ...SIGN_IN_BY_GOOGLE } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await signInFromDialog()).toEqual(['google', { callbackUrl: '/creations', redirect: false }]);
  });

  it('pages with Load more, filters by type', async () => {
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
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
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('creation-card')[0]!);
    await screen.findByTestId('creation-details');
    expect(screen.getByTestId('creation-large').getAttribute('src')).toBe('https://s.test/out/30.png');
    expect(screen.getByTestId('download-creation').getAttribute('href')).toBe('https://s.test/out/30.png');
    fireEvent.click(screen.getByTestId('delete-creation'));
    await act(async () => fireEvent.click(screen.getByTestId('delete-confirm')));
    await waitFor(() => expect(s.calls.some((c) => c.path === 'prediction.delete' && (c.input as { id: string }).id === 'gen-30')).toBe(true));
    expect(await findToast('Deleted')).toMatchObject({ title: 'Deleted', variant: 'success' });
    await waitFor(() => expect(screen.getAllByTestId('creation-card').map((c) => c.getAttribute('data-id'))).not.toContain('gen-30'));
  });
});

describe('managing creations (issue 12 §3)', () => {
  it('reads the filters from the URL and writes every change back to it', async () => {
    fakes.router.pathname = '/creations';
    fakes.router.query = { type: 'video', status: 'bogus', model: 'kling-v2.1-standard' };
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
    await waitFor(() => expect(s.calls.some((c) => c.path === 'prediction.list')).toBe(true));
    // Unknown values are ignored, known ones become the list's validated input.
    const first = s.calls.find((c) => c.path === 'prediction.list')!.input;
    expect(first).toMatchObject({ limit: 24, type: 'video', modelId: 'kling-v2.1-standard' });
    expect(first).not.toHaveProperty('status');
    fireEvent.click(screen.getByText('Images'));
    // A video model cannot match images: the model filter resets with the type.
    expect(fakes.router.replace).toHaveBeenLastCalledWith({ pathname: '/creations', query: { type: 'image' } }, undefined, { shallow: true, scroll: false });
    await waitFor(() => expect(s.calls.filter((c) => c.path === 'prediction.list').at(-1)!.input).toMatchObject({ limit: 24, type: 'image' }));
    expect(s.calls.filter((c) => c.path === 'prediction.list').at(-1)!.input).not.toHaveProperty('modelId');
  });

  it('filters by status', async () => {
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card').length).toBeGreaterThan(0));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    await waitFor(() => expect(s.calls.filter((c) => c.path === 'prediction.list').at(-1)!.input).toMatchObject({ limit: 24, status: 'failed' }));
    expect(fakes.router.replace).toHaveBeenLastCalledWith(expect.objectContaining({ query: { status: 'failed' } }), undefined, { shallow: true, scroll: false });
    await screen.findByText('No creations match these filters.');
  });

  it('filters by model, among the models of the chosen output type', async () => {
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card').length).toBeGreaterThan(0));
    const model = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    expect(model.options.length).toBe(creationsPageData().models.length + 1);
    fireEvent.change(model, { target: { value: 'kling-v2.1-standard' } });
    await waitFor(() => expect(s.calls.filter((c) => c.path === 'prediction.list').at(-1)!.input).toMatchObject({ limit: 24, modelId: 'kling-v2.1-standard' }));
    expect(fakes.router.replace).toHaveBeenLastCalledWith(expect.objectContaining({ query: { model: 'kling-v2.1-standard' } }), undefined, { shallow: true, scroll: false });
    fireEvent.click(screen.getByText('Text'));
    // Only text models remain to choose from, and the video model filter is gone.
    expect([...model.options].map((o) => o.value)).toEqual(['all', ...creationsPageData().models.filter((m) => m.outputType === 'text').map((m) => m.id)]);
    await waitFor(() => expect(s.calls.filter((c) => c.path === 'prediction.list').at(-1)!.input).toMatchObject({ limit: 24, type: 'text' }));
    expect(s.calls.filter((c) => c.path === 'prediction.list').at(-1)!.input).not.toHaveProperty('modelId');
  });

  it('selects several to download as one archive or delete at once', async () => {
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card')).toHaveLength(24));
    expect(screen.queryByTestId('selection-bar')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select prompt 30' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select prompt 28' }));
    expect((await screen.findByTestId('selection-count')).textContent).toBe('2 selected');
    expect((await screen.findByTestId('download-selected')).getAttribute('href')).toBe('/api/creations/archive?ids=gen-30,gen-28');
    fireEvent.click(screen.getByTestId('delete-selected'));
    expect(screen.getByText('Delete 2 creations?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('delete-selected-confirm')));
    await waitFor(() => expect(s.calls.find((c) => c.path === 'prediction.deleteMany')?.input).toEqual({ ids: ['gen-30', 'gen-28'] }));
    expect(await findToast('Deleted')).toEqual({ title: 'Deleted', description: '2 creations were removed from your creations.', variant: 'success', durationMs: 5000 });
    await waitFor(() => expect(screen.getAllByTestId('creation-card').map((c) => c.getAttribute('data-id'))).not.toContain('gen-30'));
    expect(screen.getAllByTestId('creation-card').map((c) => c.getAttribute('data-id'))).not.toContain('gen-28');
    expect(screen.queryByTestId('selection-bar')).toBeNull();
  });

  it('searches by words once typing pauses, with dates, order, Starred and a collection, all kept in the URL (issue 21)', async () => {
    fakes.router.pathname = '/creations';
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card').length).toBeGreaterThan(0));
    const lastList = () => s.calls.filter((c) => c.path === 'prediction.list').at(-1)!.input;
    fireEvent.change(screen.getByTestId('creations-search'), { target: { value: 'red fox' } });
    await waitFor(() => expect(lastList()).toMatchObject({ limit: 24, q: 'red fox', sort: 'newest' }));
    expect(fakes.router.replace).toHaveBeenLastCalledWith({ pathname: '/creations', query: { q: 'red fox' } }, undefined, { shallow: true, scroll: false });
    fireEvent.change(screen.getByTestId('creations-from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('creations-to'), { target: { value: '2026-01-31' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'oldest' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Starred' }));
    // The collections' picker loads after the page.
    fireEvent.change(await screen.findByRole('combobox', { name: 'Collection' }), { target: { value: 'col-1' } });
    await waitFor(() =>
      expect(lastList()).toMatchObject({
        limit: 24,
        q: 'red fox',
        from: new Date('2026-01-01T00:00:00Z'),
        to: new Date('2026-02-01T00:00:00Z'),
        sort: 'oldest',
        starred: true,
        collectionId: 'col-1',
      }),
    );
    expect(fakes.router.replace).toHaveBeenLastCalledWith(
      { pathname: '/creations', query: { q: 'red fox', from: '2026-01-01', to: '2026-01-31', sort: 'oldest', starred: '1', collection: 'col-1' } },
      undefined,
      { shallow: true, scroll: false },
    );
  });

  it('a star on every creation of the grid: on and off through prediction.star', async () => {
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card').length).toBeGreaterThan(0));
    const stars = screen.getAllByTestId('star-toggle');
    expect(stars).toHaveLength(24);
    expect(stars.map((star) => star.getAttribute('data-starred')).slice(0, 3)).toEqual(['false', 'true', 'false']);
    await act(async () => fireEvent.click(stars[0]!));
    await waitFor(() => expect(s.calls.find((c) => c.path === 'prediction.star')?.input).toEqual({ id: 'gen-30', starred: true }));
    expect(screen.queryByTestId('creation-details')).toBeNull();
  });

  it('a creation’s details hand it on: the image actions and Remix with its settings', async () => {
    const s = setup();
    renderWithProviders(<CreationsBrowser models={creationsPageData().models} />, s);
    await waitFor(() => expect(screen.getAllByTestId('creation-card').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('creation-card')[0]!);
    const details = await screen.findByTestId('creation-details');
    expect((await within(details).findByRole('link', { name: 'Upscale' })).getAttribute('href')).toBe(`/create/upscaler?model=upscaler&input=${encodeURIComponent('u/u1/generations/gen-30/0-30.png')}`);
    expect(within(details).getByRole('link', { name: 'Remix' }).getAttribute('href')).toBe('/create/flux-schnell?model=flux-schnell&remix=gen-30');
    expect(within(details).getByRole('link', { name: 'Remix' }).textContent).toContain('1 credit');
  });
});
