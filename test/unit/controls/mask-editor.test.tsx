// @vitest-environment jsdom
/** mask_input and the 'Create Mask' dialog (tool-catalogue §2, §4, §8). */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MASK_BRUSH } from '~/catalogue';
import { MaskInputControl } from '~/features/form/controls/media';
import { resetFakes } from '../ui/helpers/fakes';
import { heldAnswer, inputsTo, type Call, type Handler } from '../ui/helpers/providers';
import { installFakeCanvas } from './helpers/canvas';
import { controlOf, publicModel, renderControl } from './helpers/harness';
import { findToast } from '../ui/helpers/toasts';

vi.mock('next-auth/react', async () => (await import('../ui/helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('../ui/helpers/fakes')).nextRouterModule);

const model = publicModel('flux-fill-pro');
const control = controlOf(model, 'mask_input');
const IMAGE = 'https://studio.test/storage/u/1/uploads/photo.png';
const MASK = 'https://studio.test/storage/u/1/masks/m.png';
const SIGNED = { publicUrl: MASK, signedUrl: `${MASK}?sig=1` };
const fetchMock = vi.fn();

/** The mask control on the real tRPC client: upload.signedUrl answered by `signedUrl`, every call recorded. */
function renderMask(values: Record<string, unknown>, signedUrl: Handler = () => SIGNED) {
  const calls: Call[] = [];
  const rendered = renderControl(MaskInputControl, { model, control, values, handlers: { 'upload.signedUrl': signedUrl }, calls });
  return { ...rendered, signedUrlInputs: () => inputsTo<{ contentType: string; remoteName: string; sourceSubfolder: string; size: number }>(calls, 'upload.signedUrl') };
}

beforeEach(() => {
  resetFakes();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
    init?.method === 'PUT' ? new Response(null, { status: 200 }) : new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openEditor() {
  fireEvent.click(screen.getByRole('button', { name: 'Create Mask' }));
  return screen.findByTestId('mask-editor');
}

function paint(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 1, clientX: 10, clientY: 10, button: 0, pointerType: 'mouse' });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 40, clientY: 30, pointerType: 'mouse' });
  fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 40, clientY: 30, pointerType: 'mouse' });
}

describe('mask_input', () => {
  it('the catalogue brush is 1 to 50, default 20', () => {
    expect(control.brush).toEqual(MASK_BRUSH);
    expect(MASK_BRUSH).toEqual({ min: 1, max: 50, default: 20 });
  });

  it('without an image the dialog says "No image has been provided for masking."', async () => {
    renderMask({});
    const dialog = await openEditor();
    expect(within(dialog).getByRole('alert').textContent).toBe('No image has been provided for masking.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an image that cannot load gives the load message, read through the image proxy', async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 502 }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderMask({ image_url: IMAGE });
    const dialog = await openEditor();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Could not load the image for masking. Please try a different image or check the console for details.',
      ),
    );
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/image-proxy?imageUrl=${encodeURIComponent(IMAGE)}`);
    expect(error).toHaveBeenCalled();
  });

  it('paints with the brush, undoes, and Generate Mask ("Processing...") uploads a white-on-black PNG to masks', async () => {
    const { calls } = installFakeCanvas({ width: 200, height: 100 });
    const answer = heldAnswer<typeof SIGNED>();
    const { values, signedUrlInputs } = renderMask({ image_url: IMAGE }, () => answer.promise);
    const dialog = await openEditor();
    const canvas = await within(dialog).findByTestId('mask-canvas');

    const slider = within(dialog).getByRole('slider', { name: 'Brush size' });
    expect(slider.getAttribute('aria-valuemin')).toBe('1');
    expect(slider.getAttribute('aria-valuemax')).toBe('50');
    expect(slider.getAttribute('aria-valuenow')).toBe('20');

    const generate = within(dialog).getByRole('button', { name: 'Generate Mask' }) as HTMLButtonElement;
    const undo = within(dialog).getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    paint(canvas);
    expect(generate.disabled).toBe(false);
    fireEvent.click(undo);
    expect(generate.disabled).toBe(true);
    paint(canvas);

    calls.length = 0;
    fireEvent.click(generate);
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeTruthy();
    await waitFor(() => expect(signedUrlInputs()).toHaveLength(1));
    const request = signedUrlInputs()[0]!;
    expect(request).toMatchObject({ contentType: 'image/png', sourceSubfolder: 'masks' });
    expect(request.remoteName).toMatch(/\.png$/);
    // The exported mask: black background, the stroke in white.
    expect(calls.find((c) => c.op === 'fillRect')?.state.fillStyle).toBe('#000000');
    expect(calls.find((c) => c.op === 'stroke')?.state.strokeStyle).toBe('#ffffff');

    await act(async () => answer.resolve(SIGNED));
    await waitFor(() => expect(values().mask_image).toBe(MASK));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')!;
    expect(put[0]).toBe(`${MASK}?sig=1`);
    expect(((put[1] as RequestInit).headers as Record<string, string>)['Content-Type']).toBe('image/png');
    await waitFor(() => expect(screen.queryByTestId('mask-editor')).toBeNull());
    expect(screen.getByText('Mask ready')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit mask' })).toBeTruthy();
  });

  it('a signed URL failure says "Failed to get signed URL for mask" with the toast "Mask upload failed"', async () => {
    installFakeCanvas();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { values, signedUrlInputs } = renderMask({ image_url: IMAGE }, () => {
      throw new Error('down');
    });
    const dialog = await openEditor();
    paint(await within(dialog).findByTestId('mask-canvas'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Mask' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to get signed URL for mask'));
    expect(signedUrlInputs()).toHaveLength(1);
    expect(await findToast('Mask upload failed')).toEqual({ title: 'Mask upload failed', description: 'Please try again later.', variant: 'destructive', durationMs: 5000 });
    expect(values().mask_image).toBeUndefined();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
  });

  it('a failed mask PUT gives the toast "Mask upload failed" / "Please try again later."', async () => {
    installFakeCanvas();
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? new Response(null, { status: 403 }) : new Response(new Blob([new Uint8Array([1])]), { status: 200 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { values } = renderMask({ image_url: IMAGE });
    const dialog = await openEditor();
    paint(await within(dialog).findByTestId('mask-canvas'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Mask' }));
    expect(await findToast('Mask upload failed')).toEqual({ title: 'Mask upload failed', description: 'Please try again later.', variant: 'destructive', durationMs: 5000 });
    expect(values().mask_image).toBeUndefined();
    expect(screen.getByTestId('mask-editor')).toBeTruthy();
  });

  it('the eraser paints black into the mask', async () => {
    const { calls } = installFakeCanvas();
    const { signedUrlInputs } = renderMask({ image_url: IMAGE });
    const dialog = await openEditor();
    const canvas = await within(dialog).findByTestId('mask-canvas');
    paint(canvas);
    fireEvent.click(within(dialog).getByText('Eraser'));
    paint(canvas);
    calls.length = 0;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Mask' }));
    await waitFor(() => expect(signedUrlInputs()).toHaveLength(1));
    const strokes = calls.filter((c) => c.op === 'stroke').map((c) => c.state.strokeStyle);
    expect(strokes).toEqual(['#ffffff', '#000000']);
  });

  it('shows the mask over the image; "Remove mask" removes it', () => {
    const { values } = renderMask({ image_url: IMAGE, mask_image: MASK });
    expect(screen.getByText('Mask ready')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The painted mask' }).getAttribute('src')).toBe(MASK);
    fireEvent.click(screen.getByRole('button', { name: 'Remove mask' }));
    expect(values().mask_image).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Create Mask' })).toBeTruthy();
  });

  it('a new image clears the old mask', () => {
    const { values, setField } = renderMask({ image_url: IMAGE, mask_image: MASK });
    setField('image_url', 'https://studio.test/storage/u/1/uploads/other.png');
    expect(values().mask_image).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Create Mask' })).toBeTruthy();
  });
});
