// @vitest-environment jsdom
/** image_input (tool-catalogue §4, §5, §8): states, the 5 MB rule, the signed-URL upload, sign-in. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '~/catalogue';
import { TRPCClientError } from '@trpc/client';
import { ImageInputControl } from '~/features/form/controls/media';
import { announceRefusal } from '~/features/form/refusal-relay';
import type { AppRouter } from '~/server/trpc/root';
import { fakes, resetFakes } from '../ui/helpers/fakes';
import { heldAnswer, inputsTo, type Call, type Handler } from '../ui/helpers/providers';
import { controlOf, publicModel, renderControl } from './helpers/harness';
import { closeSignInDialog, SIGN_IN_BY_GOOGLE, signInFromDialog } from '../ui/helpers/sign-in-dialog';
import { findToast, toastsAsked } from '../ui/helpers/toasts';
import { imageFile } from './helpers/render';

vi.mock('next-auth/react', async () => (await import('../ui/helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('../ui/helpers/fakes')).nextRouterModule);

const model = publicModel('kontext-text-remover');
const control = controlOf(model, 'image_input', 'image_url');
const fetchMock = vi.fn();
const SIGNED = { publicUrl: 'https://studio.test/storage/u/1/uploads/a.png', signedUrl: 'https://studio.test/storage/u/1/uploads/a.png?sig=1' };

type SignedUrlInput = { contentType: string; remoteName: string; sourceSubfolder: string; size: number };
type FaceVerdict = { status: 'one_face' | 'no_face' | 'many_faces' | 'unreadable' | 'unchecked'; faces: number | null };

/** What the upload procedures answer in a test, and the calls the client made to them. */
function uploadServer(answers: { signedUrl?: Handler; faceCheck?: Handler } = {}) {
  const calls: Call[] = [];
  const api = {
    handlers: {
      ...SIGN_IN_BY_GOOGLE,
      'upload.signedUrl': answers.signedUrl ?? (() => SIGNED),
      'upload.faceCheck': answers.faceCheck ?? (() => heldAnswer<FaceVerdict>().promise),
    },
    calls,
  };
  return { api, signedUrlInputs: () => inputsTo<SignedUrlInput>(calls, 'upload.signedUrl'), faceCheckInputs: () => inputsTo<{ url: string }>(calls, 'upload.faceCheck') };
}

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
    renderControl(ImageInputControl, { ...uploadServer().api, model, control });
    expect(screen.getByText(control.label)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Upload ${control.label}` })).toBeTruthy();
    expect(screen.getByText('Drag an image here or click to choose')).toBeTruthy();
    expect(screen.getByText('JPEG, PNG or WebP, up to 5MB')).toBeTruthy();
  });

  it('uploads: uploading spinner, signed URL, PUT with the Content-Type, then the preview with a remove button', async () => {
    let finishPut: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (finishPut = resolve)));
    const server = uploadServer();
    const { container, values } = renderControl(ImageInputControl, { ...server.api, model, control });
    await pick(container, imageFile(2048));

    await screen.findByText('Uploading...');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(server.signedUrlInputs()).toHaveLength(1);
    const request = server.signedUrlInputs()[0]!;
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
    const server = uploadServer();
    const { container, values } = renderControl(ImageInputControl, { ...server.api, model, control });
    await pick(container, imageFile(UPLOAD_LIMIT_BYTES + 1));
    expect(await findToast('File too large')).toEqual({ title: 'File too large', description: 'The file size exceeds the limit of 5MB.', variant: 'destructive', durationMs: 5000 });
    expect(server.api.calls).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(values().image_url).toBeUndefined();
    expect(screen.getByText('Drag an image here or click to choose')).toBeTruthy();
  });

  it('accepts a file of exactly 5 MB', async () => {
    const server = uploadServer();
    const { container, values } = renderControl(ImageInputControl, { ...server.api, model, control });
    await pick(container, imageFile(UPLOAD_LIMIT_BYTES));
    await waitFor(() => expect(values().image_url).toBe('https://studio.test/storage/u/1/uploads/a.png'));
    expect(server.signedUrlInputs().map((input) => input.size)).toEqual([UPLOAD_LIMIT_BYTES]);
    expect(toastsAsked()).toEqual([]);
  });

  it('an anonymous click opens the sign-in dialog, which brings them back to the path without locale, and nothing is uploaded', async () => {
    fakes.session.status = 'unauthenticated';
    fakes.router.asPath = '/es/create/flux-fill';
    const server = uploadServer();
    const { container } = renderControl(ImageInputControl, { ...server.api, model, control });
    fireEvent.click(screen.getByRole('button', { name: `Upload ${control.label}` }));
    expect(await signInFromDialog()).toEqual(['google', { callbackUrl: '/create/flux-fill', redirect: false }]);

    await closeSignInDialog();
    await pick(container, imageFile(1024));
    expect(await signInFromDialog()).toEqual(['google', { callbackUrl: '/create/flux-fill', redirect: false }]);
    expect(server.signedUrlInputs()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the sign-in dialog from the keyboard too', async () => {
    fakes.session.status = 'unauthenticated';
    renderControl(ImageInputControl, { ...uploadServer().api, model, control });
    fireEvent.keyDown(screen.getByRole('button', { name: `Upload ${control.label}` }), { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Sign in to your account to continue' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('a failed PUT gives the toast "File upload failed" / "Please try again later."', async () => {
    fetchMock.mockResolvedValueOnce(new Response('no', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, values } = renderControl(ImageInputControl, { ...uploadServer().api, model, control });
    await pick(container, imageFile(1024));
    expect(await findToast('File upload failed')).toEqual({ title: 'File upload failed', description: 'Please try again later.', variant: 'destructive', durationMs: 5000 });
    expect(values().image_url).toBeUndefined();
  });

  it('a signed URL failure says "Failed to get signed URL" and sends no PUT', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = uploadServer({
      signedUrl: () => {
        throw new Error('boom');
      },
    });
    const { container } = renderControl(ImageInputControl, { ...server.api, model, control });
    await pick(container, imageFile(1024));
    // The field's own message (the toast is in the page's toast area, outside the control).
    expect(await within(container).findByRole('alert')).toHaveProperty('textContent', 'Failed to get signed URL');
    expect(server.signedUrlInputs()).toHaveLength(1);
    expect(await findToast('File upload failed')).toEqual({ title: 'File upload failed', description: 'Please try again later.', variant: 'destructive', durationMs: 5000 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the form error it is given', () => {
    renderControl(ImageInputControl, { ...uploadServer().api, model, control, error: 'An input image is required.' });
    expect(screen.getByText('An input image is required.')).toBeTruthy();
  });
});

describe('image_input of a photo that must show one face (headshot)', () => {
  const headshot = publicModel('headshot');
  const photoControl = controlOf(headshot, 'image_input', 'image_url');
  const url = 'https://studio.test/storage/u/1/uploads/face.jpg';

  it('asks nothing before a photo is there, and nothing for fields without the requirement', async () => {
    const server = uploadServer();
    renderControl(ImageInputControl, { ...server.api, model: headshot, control: photoControl });
    renderControl(ImageInputControl, { ...server.api, model, control, values: { image_url: url } });
    // Rendered last, a field that does ask: once its question is sent, the two above had their chance.
    const asking = 'https://studio.test/storage/u/1/uploads/asking.jpg';
    renderControl(ImageInputControl, { ...server.api, model: headshot, control: photoControl, values: { image_url: asking } });
    await waitFor(() => expect(server.faceCheckInputs()).toHaveLength(1));
    expect(server.faceCheckInputs()).toEqual([{ url: asking }]);
  });

  it('says it is looking while the check runs', async () => {
    const server = uploadServer();
    renderControl(ImageInputControl, { ...server.api, model: headshot, control: photoControl, values: { image_url: url } });
    expect(screen.getByTestId('control-image_url-note').textContent).toBe('Looking for a face...');
    await waitFor(() => expect(server.faceCheckInputs()).toEqual([{ url }]));
    expect(screen.getByTestId('control-image_url-note').textContent).toBe('Looking for a face...');
  });

  it('says "1 face found" under the photo', async () => {
    const server = uploadServer({ faceCheck: (): FaceVerdict => ({ status: 'one_face', faces: 1 }) });
    renderControl(ImageInputControl, { ...server.api, model: headshot, control: photoControl, values: { image_url: url } });
    await waitFor(() => expect(screen.getByTestId('control-image_url-note').textContent).toBe('1 face found'));
    expect(server.faceCheckInputs()).toEqual([{ url }]);
  });

  it('shows Generate’s refusal of the photo on the field, until another photo is chosen', async () => {
    const server = uploadServer({ faceCheck: (): FaceVerdict => ({ status: 'unchecked', faces: null }) });
    const { setField } = renderControl(ImageInputControl, { ...server.api, model: headshot, control: photoControl, values: { image_url: url } });
    // The check answered 'unchecked': the field says nothing more.
    await waitFor(() => expect(server.faceCheckInputs()).toEqual([{ url }]));
    await waitFor(() => expect(screen.queryByTestId('control-image_url-note')).toBeNull());
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
  ])('shows the problem as the field’s error: %o', async (verdict, message) => {
    const server = uploadServer({ faceCheck: (): FaceVerdict => verdict });
    renderControl(ImageInputControl, { ...server.api, model: headshot, control: photoControl, values: { image_url: url } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('1 face found')).toBeNull();
    expect(screen.queryByText('Looking for a face...')).toBeNull();
  });
});
