// @vitest-environment jsdom
/** image_input (tool-catalogue §4, §5, §8): states, the 5 MB rule, the signed-URL upload, sign-in. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '~/catalogue';
import { TRPCClientError } from '@trpc/client';
import { ImageInputControl } from '~/features/form/controls/media';
import { announceRefusal } from '~/features/form/refusal-relay';
import type { AppRouter } from '~/server/trpc/root';
import { fakes, resetFakes } from './helpers/fakes';
import { controlOf, publicModel, renderControl } from './helpers/harness';
import { imageFile } from './helpers/render';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);
vi.mock('~/features/auth/SignInModalProvider', async () => (await import('./helpers/fakes')).signInModalModule);
vi.mock('~/features/toast/toast', async () => (await import('./helpers/fakes')).toastModule);
vi.mock('~/utils/trpc', async () => (await import('./helpers/fakes')).trpcModule);

const model = publicModel('kontext-text-remover');
const control = controlOf(model, 'image_input', 'image_url');
const fetchMock = vi.fn();

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

async function pick(container: HTMLElement, file: File) {
  await act(async () => {
    fireEvent.change(fileInput(container), { target: { files: [file] } });
  });
}

beforeEach(() => {
  resetFakes();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('image_input', () => {
  it('starts idle with the drop area, labelled by the control', () => {
    renderControl(ImageInputControl, { model, control });
    expect(screen.getByText(control.label)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Upload ${control.label}` })).toBeTruthy();
    expect(screen.getByText('Drag an image here or click to choose')).toBeTruthy();
    expect(screen.getByText('JPEG, PNG or WebP, up to 5MB')).toBeTruthy();
  });

  it('uploads: uploading spinner, signed URL, PUT with the Content-Type, then the preview with a remove button', async () => {
    let finishPut: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (finishPut = resolve)));
    const { container, values } = renderControl(ImageInputControl, { model, control });
    await pick(container, imageFile(2048));

    await screen.findByText('Uploading...');
    expect(fakes.signedUrl).toHaveBeenCalledTimes(1);
    const request = fakes.signedUrl.mock.calls[0]![0];
    expect(request.contentType).toBe('image/png');
    expect(request.size).toBe(2048);
    expect(request.sourceSubfolder).toMatch(/^uploads\/\d{4}-\d{2}-\d{2}$/);
    expect(request.remoteName).toMatch(/^[0-9a-f]{40}\.png$/);

    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('https://studio.test/storage/u/1/uploads/a.png?sig=1');
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/png');

    await act(async () => finishPut(new Response(null, { status: 200 })));
    const preview = await screen.findByRole('img', { name: `Uploaded image: ${control.label}` });
    expect(preview.getAttribute('src')).toBe('https://studio.test/storage/u/1/uploads/a.png');
    expect(values().image_url).toBe('https://studio.test/storage/u/1/uploads/a.png');

    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(values().image_url).toBeUndefined();
    expect(screen.getByText('Drag an image here or click to choose')).toBeTruthy();
  });

  it('refuses a file over 5 MB with the toast and sends no request at all', async () => {
    const { container, values } = renderControl(ImageInputControl, { model, control });
    await pick(container, imageFile(UPLOAD_LIMIT_BYTES + 1));
    await waitFor(() => expect(fakes.toast).toHaveBeenCalled());
    expect(fakes.toast).toHaveBeenCalledWith({ title: 'File too large', description: 'The file size exceeds the limit of 5MB.', variant: 'destructive' });
    expect(fakes.signedUrl).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(values().image_url).toBeUndefined();
    expect(screen.getByText('Drag an image here or click to choose')).toBeTruthy();
  });

  it('accepts a file of exactly 5 MB', async () => {
    const { container, values } = renderControl(ImageInputControl, { model, control });
    await pick(container, imageFile(UPLOAD_LIMIT_BYTES));
    await waitFor(() => expect(values().image_url).toBe('https://studio.test/storage/u/1/uploads/a.png'));
    expect(fakes.toast).not.toHaveBeenCalled();
  });

  it('an anonymous click opens the sign-in dialog with the path without locale, and nothing is uploaded', async () => {
    fakes.session.status = 'unauthenticated';
    const { container } = renderControl(ImageInputControl, { model, control });
    fireEvent.click(screen.getByRole('button', { name: `Upload ${control.label}` }));
    expect(fakes.openSignIn).toHaveBeenCalledWith('/create/flux-fill');

    fakes.openSignIn.mockClear();
    await pick(container, imageFile(1024));
    await waitFor(() => expect(fakes.openSignIn).toHaveBeenCalledWith('/create/flux-fill'));
    expect(fakes.signedUrl).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the sign-in dialog from the keyboard too', () => {
    fakes.session.status = 'unauthenticated';
    renderControl(ImageInputControl, { model, control });
    fireEvent.keyDown(screen.getByRole('button', { name: `Upload ${control.label}` }), { key: 'Enter' });
    expect(fakes.openSignIn).toHaveBeenCalledTimes(1);
  });

  it('a failed PUT gives the toast "File upload failed" / "Please try again later."', async () => {
    fetchMock.mockResolvedValueOnce(new Response('no', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, values } = renderControl(ImageInputControl, { model, control });
    await pick(container, imageFile(1024));
    await waitFor(() =>
      expect(fakes.toast).toHaveBeenCalledWith({ title: 'File upload failed', description: 'Please try again later.', variant: 'destructive' }),
    );
    expect(values().image_url).toBeUndefined();
  });

  it('a signed URL failure says "Failed to get signed URL" and sends no PUT', async () => {
    fakes.signedUrl.mockRejectedValueOnce(new Error('boom'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderControl(ImageInputControl, { model, control });
    await pick(container, imageFile(1024));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to get signed URL');
    expect(fakes.toast).toHaveBeenCalledWith({ title: 'File upload failed', description: 'Please try again later.', variant: 'destructive' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the form error it is given', () => {
    renderControl(ImageInputControl, { model, control, error: 'An input image is required.' });
    expect(screen.getByText('An input image is required.')).toBeTruthy();
  });
});

describe('image_input of a photo that must show one face (headshot)', () => {
  const headshot = publicModel('headshot');
  const photoControl = controlOf(headshot, 'image_input', 'image_url');
  const url = 'https://studio.test/storage/u/1/uploads/face.jpg';

  it('asks nothing before a photo is there, and nothing for fields without the requirement', () => {
    renderControl(ImageInputControl, { model: headshot, control: photoControl });
    renderControl(ImageInputControl, { model, control, values: { image_url: url } });
    expect(fakes.faceCheck).not.toHaveBeenCalled();
  });

  it('says it is looking while the check runs', () => {
    renderControl(ImageInputControl, { model: headshot, control: photoControl, values: { image_url: url } });
    expect(fakes.faceCheck).toHaveBeenCalledWith({ url });
    expect(screen.getByTestId('control-image_url-note').textContent).toBe('Looking for a face...');
  });

  it('says "1 face found" under the photo', () => {
    fakes.faceVerdict = { status: 'one_face', faces: 1 };
    renderControl(ImageInputControl, { model: headshot, control: photoControl, values: { image_url: url } });
    expect(screen.getByTestId('control-image_url-note').textContent).toBe('1 face found');
  });

  it('shows Generate’s refusal of the photo on the field, until another photo is chosen', async () => {
    fakes.faceVerdict = { status: 'unchecked', faces: null };
    const { setField } = renderControl(ImageInputControl, { model: headshot, control: photoControl, values: { image_url: url } });
    const refusal = new TRPCClientError<AppRouter>('refused', { result: { error: { message: 'refused', code: -32600, data: { appCode: 'too_many_faces', appDetails: { field: 'image_url', faces: 2 }, httpStatus: 400 } } } as never });
    act(() => announceRefusal(refusal));
    expect(screen.getByText('This photo shows 2 faces. Choose a photo of one person.')).toBeTruthy();
    setField('image_url', 'https://studio.test/storage/u/1/uploads/other.jpg');
    expect(screen.queryByText('This photo shows 2 faces. Choose a photo of one person.')).toBeNull();
  });

  it.each([
    [{ status: 'no_face', faces: 0 } as const, 'We could not find a face in this photo. Choose a photo where one face is clearly visible.'],
    [{ status: 'many_faces', faces: 3 } as const, 'This photo shows 3 faces. Choose a photo of one person.'],
    [{ status: 'unreadable', faces: null } as const, 'We could not read this photo. Choose a JPEG, PNG or WebP image.'],
  ])('shows the problem as the field’s error: %o', (verdict, message) => {
    fakes.faceVerdict = verdict;
    renderControl(ImageInputControl, { model: headshot, control: photoControl, values: { image_url: url } });
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByText('1 face found')).toBeNull();
  });
});
