// @vitest-environment jsdom
/**
 * The Image to Prompt dialog and the random prompt as people reach them: from the generator's prompt
 * control inside the assist host the generator panel mounts (tool-catalogue §3, §4, §8).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PromptControl } from '~/features/form/controls/simple/PromptControl';
import { PromptAssistHost } from '~/features/image-to-prompt';
import { fakes, resetFakes } from './helpers/fakes';
import { controlOf, publicModel, renderControl } from './helpers/harness';
import { imageFile } from './helpers/render';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);
vi.mock('~/features/auth/SignInModalProvider', async () => (await import('./helpers/fakes')).signInModalModule);
vi.mock('~/features/toast/toast', async () => (await import('./helpers/fakes')).toastModule);
vi.mock('~/utils/trpc', async () => (await import('./helpers/fakes')).trpcModule);
vi.mock('~/features/user/useUserDetails', async () => (await import('./helpers/fakes')).userDetailsModule);

const IMAGE = 'https://studio.test/storage/u/1/uploads/a.png';

beforeEach(() => {
  resetFakes();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 200 })));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const model = publicModel('flux-lora');
const control = controlOf(model, 'prompt');

function HostedPrompt(props: Parameters<typeof PromptControl>[0]) {
  return (
    <PromptAssistHost>
      <PromptControl {...props} />
    </PromptAssistHost>
  );
}

/** The prompt control as the generator renders it (showImageToPrompt and showGenerator are on). */
function renderPrompt(prompt = 'a cat on a sofa') {
  expect(control.showImageToPrompt && control.showGenerator).toBe(true);
  return renderControl(HostedPrompt as never, { model, control: control as never, values: { prompt } });
}

/** Opens the dialog with the prompt control's 'Image to Prompt' button. */
async function openDialog(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Image to Prompt' }));
  return screen.findByTestId('image-to-prompt-dialog');
}

async function uploadInto(dialog: HTMLElement) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [imageFile(1000)] } });
  });
  await within(dialog).findByRole('img', { name: 'Uploaded image: Image' });
}

describe('Image to Prompt dialog, opened from the prompt control', () => {
  it('upload, generate, then "Use this Prompt" fills the prompt and closes the dialog', async () => {
    fakes.runSync.mockResolvedValueOnce({ id: 'g1', text: 'a red fox in snow, golden hour, 85mm', user_credits: 4 });
    const { values } = renderPrompt();
    const dialog = await openDialog();
    expect(screen.getByRole('dialog', { name: 'Image to Prompt' })).toBeTruthy();
    const generate = within(dialog).getByRole('button', { name: 'Generate Prompt' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    expect(within(dialog).getByText('Costs 1 credit')).toBeTruthy();

    await uploadInto(dialog);
    fireEvent.click(generate);
    const result = await within(dialog).findByTestId('image-to-prompt-result');
    expect((result as HTMLTextAreaElement).value).toBe('a red fox in snow, golden hour, 85mm');
    expect(fakes.runSync).toHaveBeenCalledWith(expect.objectContaining({ model_id: 'image-to-prompt', image_url: IMAGE }));
    expect(fakes.refreshUser).toHaveBeenCalled();
    expect(values().prompt).toBe('a cat on a sofa'); // nothing changes before the person chooses

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this Prompt' }));
    expect(values().prompt).toBe('a red fox in snow, golden hour, 85mm');
    expect((screen.getByRole('textbox', { name: control.label }) as HTMLTextAreaElement).value).toBe('a red fox in snow, golden hour, 85mm');
    await waitFor(() => expect(screen.queryByTestId('image-to-prompt-dialog')).toBeNull());
  });

  it('shows "Generating..." while it runs and "Failed to generate prompt." when it fails', async () => {
    let fail: (e: unknown) => void = () => undefined;
    fakes.runSync.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { values } = renderPrompt();
    const dialog = await openDialog();
    await uploadInto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Prompt' }));
    expect(await within(dialog).findByRole('button', { name: 'Generating...' })).toBeTruthy();
    await act(async () => fail(new Error('provider down')));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Failed to generate prompt.');
    expect(within(dialog).queryByRole('button', { name: 'Use this Prompt' })).toBeNull();
    expect(values().prompt).toBe('a cat on a sofa');
  });

  it.each([
    [false, 'Queue wait time: ~30s'],
    [true, null],
  ])("premium %s: while it runs the dialog shows the queue wait like the generator: %s", async (premium, notice) => {
    fakes.user.premium = premium;
    let answer: (value: { id: string; text: string; user_credits: number }) => void = () => undefined;
    fakes.runSync.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderPrompt();
    const dialog = await openDialog();
    await uploadInto(dialog);
    expect(within(dialog).queryByTestId('image-to-prompt-queue-wait')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Prompt' }));
    await within(dialog).findByRole('button', { name: 'Generating...' });
    expect(within(dialog).queryByTestId('image-to-prompt-queue-wait')?.textContent ?? null).toBe(notice);
    await act(async () => answer({ id: 'g1', text: 'a prompt', user_credits: 9 }));
    await within(dialog).findByTestId('image-to-prompt-result');
    expect(within(dialog).queryByTestId('image-to-prompt-queue-wait')).toBeNull();
  });

  it('explains an insufficient-credits refusal under the message', async () => {
    fakes.runSync.mockRejectedValueOnce(
      new TRPCClientError('Insufficient credits.', { result: { error: { message: 'Insufficient credits.', code: -32000, data: { appCode: 'insufficient_credits', httpStatus: 402 } } } as never }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPrompt();
    const dialog = await openDialog();
    await uploadInto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Prompt' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to generate prompt.');
    expect(alert.textContent).toContain('Insufficient credits.');
  });

  it('an anonymous visitor gets the sign-in dialog instead of an upload', async () => {
    fakes.session.status = 'unauthenticated';
    renderPrompt();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Image' }));
    expect(fakes.openSignIn).toHaveBeenCalledWith('/create/flux-fill');
  });
});

describe("random prompt, the prompt control's button", () => {
  it('fills the prompt from generation.randomPrompt', async () => {
    const { values } = renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Random prompt' }));
    await waitFor(() => expect(values().prompt).toBe('a lighthouse at dusk, oil painting'));
    expect(fakes.randomPrompt).toHaveBeenCalledTimes(1);
  });

  it('a failure is only logged: no toast, no message, prompt unchanged', async () => {
    fakes.randomPrompt.mockRejectedValueOnce(new Error('offline'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { values } = renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Random prompt' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(values().prompt).toBe('a cat on a sofa');
    expect(fakes.toast).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the prompt control with the assist host (showImageToPrompt, showGenerator)', () => {
  it('Image to Prompt fills the form prompt; the random button uses the server', async () => {
    fakes.runSync.mockResolvedValueOnce({ id: 'g2', text: 'misty pine forest at dawn', user_credits: 3 });
    const { values } = renderPrompt('');
    fireEvent.click(screen.getByTestId('image-to-prompt'));
    const dialog = await screen.findByTestId('image-to-prompt-dialog');
    await uploadInto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Prompt' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use this Prompt' }));
    expect(values().prompt).toBe('misty pine forest at dawn');

    fireEvent.click(screen.getByTestId('random-prompt'));
    await waitFor(() => expect(values().prompt).toBe('a lighthouse at dusk, oil painting'));
    expect(fakes.randomPrompt).toHaveBeenCalledTimes(1);
  });
});
