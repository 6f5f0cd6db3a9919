// @vitest-environment jsdom
/**
 * The Image to Prompt dialog and the random prompt as people reach them: from the generator's prompt
 * control inside the assist host the generator panel mounts (tool-catalogue §3, §4, §8).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getModel, publicModelDefinition } from '~/catalogue';
import { PromptControl } from '~/features/form/controls/simple/PromptControl';
import { PromptAssistHost } from '~/features/image-to-prompt';
import { AccountArea } from '~/features/layout/AccountArea';
import { fakes, resetFakes } from '../ui/helpers/fakes';
import { predictionFixture } from '../ui/helpers/prediction';
import { heldAnswer, inputsTo, serverError, userDetails, type Call, type Handler, type Handlers } from '../ui/helpers/providers';
import { controlOf, publicModel, renderControl } from './helpers/harness';
import { SIGN_IN_BY_GOOGLE, signInFromDialog } from '../ui/helpers/sign-in-dialog';
import { toastsAsked } from '../ui/helpers/toasts';
import { imageFile } from './helpers/render';

vi.mock('next-auth/react', async () => (await import('../ui/helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('../ui/helpers/fakes')).nextRouterModule);

const IMAGE = 'https://studio.test/storage/u/1/uploads/a.png';
const LIGHTHOUSE = 'a lighthouse at dusk, oil painting';

type RunSyncAnswer = { id: string; text: string; user_credits: number };

/**
 * The procedures the prompt control and its dialog reach, answered as the server would: the
 * deployment's status (Google sign-in, for the sign-in dialog), the user's details (10 credits until
 * a run answers a new balance), the tool's public definition, the upload's signed URL, the run
 * (`runSync`, by default a prompt) and the random prompt.
 */
function promptServer(options: { premium?: boolean; runSync?: Handler; randomPrompt?: Handler } = {}) {
  const calls: Call[] = [];
  let credits = 10;
  const run = options.runSync ?? ((): RunSyncAnswer => ({ id: 'gen-1', text: 'a prompt', user_credits: 9 }));
  const handlers: Handlers = {
    ...SIGN_IN_BY_GOOGLE,
    'user.details': () => userDetails({ credits, premium: options.premium ?? false }),
    'generation.model': (input: unknown) => publicModelDefinition(getModel((input as { id: string }).id)!),
    'upload.signedUrl': () => ({ publicUrl: IMAGE, signedUrl: `${IMAGE}?sig=1` }),
    'generation.runSync': async (input: unknown) => {
      const answer = (await run(input)) as RunSyncAnswer;
      credits = answer.user_credits;
      // The server answers the finished run's prediction with it (run-sync.schema.ts): a text result.
      const prediction = predictionFixture({
        id: answer.id,
        modelId: 'image-to-prompt',
        appId: 'image-to-prompt',
        display: { prompt: null, inputImages: [IMAGE], outputType: 'text', outputText: answer.text, outputMedia: [] },
      });
      return { ...answer, prediction };
    },
    'generation.randomPrompt': options.randomPrompt ?? (() => ({ content: LIGHTHOUSE })),
  };
  return { api: { handlers, calls }, inputsTo: <T = Record<string, unknown>>(path: string) => inputsTo<T>(calls, path) };
}

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

/** The prompt control in the assist host, under the page header's account area (the balance a person watches). */
function HostedPrompt(props: Parameters<typeof PromptControl>[0]) {
  return (
    <>
      <AccountArea />
      <PromptAssistHost>
        <PromptControl {...props} />
      </PromptAssistHost>
    </>
  );
}

/** The prompt control as the generator renders it (showImageToPrompt and showGenerator are on). */
function renderPrompt(server: ReturnType<typeof promptServer>, prompt = 'a cat on a sofa') {
  expect(control.showImageToPrompt && control.showGenerator).toBe(true);
  return renderControl(HostedPrompt as never, { ...server.api, model, control: control as never, values: { prompt } });
}

/** The balance in the header once the user's details have arrived. */
async function balanceShown(text: string) {
  await waitFor(() => expect(screen.getByTestId('credits-badge').textContent).toBe(text));
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
    const server = promptServer({ runSync: () => ({ id: 'g1', text: 'a red fox in snow, golden hour, 85mm', user_credits: 4 }) });
    const { values } = renderPrompt(server);
    await balanceShown('10 credits');
    const dialog = await openDialog();
    expect(screen.getByRole('dialog', { name: 'Image to Prompt' })).toBeTruthy();
    const generate = within(dialog).getByRole('button', { name: 'Generate Prompt' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    expect(await within(dialog).findByText('Costs 1 credit')).toBeTruthy();
    expect(server.inputsTo('generation.model')).toEqual([{ id: 'image-to-prompt' }]);

    await uploadInto(dialog);
    fireEvent.click(generate);
    const result = await within(dialog).findByTestId('image-to-prompt-result');
    expect((result as HTMLTextAreaElement).value).toBe('a red fox in snow, golden hour, 85mm');
    const runs = server.inputsTo('generation.runSync');
    expect(runs).toEqual([expect.objectContaining({ model_id: 'image-to-prompt', image_url: IMAGE })]);
    expect(runs[0]!.idempotency_key).toEqual(expect.any(String));
    // The run changed the balance: the user's details are asked again and the header shows the new one.
    await balanceShown('4 credits');
    expect(values().prompt).toBe('a cat on a sofa'); // nothing changes before the person chooses

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this Prompt' }));
    expect(values().prompt).toBe('a red fox in snow, golden hour, 85mm');
    expect((screen.getByRole('textbox', { name: control.label }) as HTMLTextAreaElement).value).toBe('a red fox in snow, golden hour, 85mm');
    await waitFor(() => expect(screen.queryByTestId('image-to-prompt-dialog')).toBeNull());
  });

  it('shows "Generating..." while it runs and "Failed to generate prompt." when it fails', async () => {
    const answer = heldAnswer<RunSyncAnswer>();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { values } = renderPrompt(promptServer({ runSync: () => answer.promise }));
    const dialog = await openDialog();
    await uploadInto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Prompt' }));
    expect(await within(dialog).findByRole('button', { name: 'Generating...' })).toBeTruthy();
    await act(async () => answer.reject(new Error('provider down')));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Failed to generate prompt.');
    expect(within(dialog).queryByRole('button', { name: 'Use this Prompt' })).toBeNull();
    expect(values().prompt).toBe('a cat on a sofa');
  });

  it.each([
    [false, 'Queue wait time: ~30s'],
    [true, null],
  ])("premium %s: while it runs the dialog shows the queue wait like the generator: %s", async (premium, notice) => {
    const answer = heldAnswer<RunSyncAnswer>();
    renderPrompt(promptServer({ premium, runSync: () => answer.promise }));
    // The header shows who the person is (Premium or not) before they ask for anything.
    await balanceShown('10 credits');
    expect(screen.queryByTestId('premium-badge') !== null).toBe(premium);
    const dialog = await openDialog();
    await within(dialog).findByText('Costs 1 credit');
    await uploadInto(dialog);
    expect(within(dialog).queryByTestId('image-to-prompt-queue-wait')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Prompt' }));
    await within(dialog).findByRole('button', { name: 'Generating...' });
    expect(within(dialog).queryByTestId('image-to-prompt-queue-wait')?.textContent ?? null).toBe(notice);
    await act(async () => answer.resolve({ id: 'g1', text: 'a prompt', user_credits: 9 }));
    await within(dialog).findByTestId('image-to-prompt-result');
    expect(within(dialog).queryByTestId('image-to-prompt-queue-wait')).toBeNull();
  });

  it('explains an insufficient-credits refusal under the message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPrompt(
      promptServer({
        runSync: () => {
          throw serverError('Insufficient credits.', 'insufficient_credits', 402);
        },
      }),
    );
    const dialog = await openDialog();
    await uploadInto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Prompt' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to generate prompt.');
    expect(alert.textContent).toContain('Insufficient credits.');
  });

  it('an anonymous visitor gets the sign-in dialog instead of an upload', async () => {
    fakes.session.status = 'unauthenticated';
    fakes.router.asPath = '/es/create/flux-fill';
    const server = promptServer();
    renderPrompt(server);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Image' }));
    expect(await signInFromDialog()).toEqual(['google', { callbackUrl: '/create/flux-fill', redirect: false }]);
    expect(server.inputsTo('upload.signedUrl')).toEqual([]);
    expect(server.inputsTo('user.details')).toEqual([]);
  });
});

describe("random prompt, the prompt control's button", () => {
  it('fills the prompt from generation.randomPrompt', async () => {
    const server = promptServer();
    const { values } = renderPrompt(server);
    fireEvent.click(screen.getByRole('button', { name: 'Random prompt' }));
    await waitFor(() => expect(values().prompt).toBe(LIGHTHOUSE));
    expect(server.inputsTo('generation.randomPrompt')).toEqual([undefined]);
  });

  it('a failure is only logged: no toast, no message, prompt unchanged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = promptServer({
      randomPrompt: () => {
        throw new Error('offline');
      },
    });
    const { values } = renderPrompt(server);
    fireEvent.click(screen.getByRole('button', { name: 'Random prompt' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(server.inputsTo('generation.randomPrompt')).toHaveLength(1);
    expect(values().prompt).toBe('a cat on a sofa');
    expect(toastsAsked()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the prompt control with the assist host (showImageToPrompt, showGenerator)', () => {
  it('Image to Prompt fills the form prompt; the random button uses the server', async () => {
    const server = promptServer({ runSync: () => ({ id: 'g2', text: 'misty pine forest at dawn', user_credits: 3 }) });
    const { values } = renderPrompt(server, '');
    fireEvent.click(screen.getByTestId('image-to-prompt'));
    const dialog = await screen.findByTestId('image-to-prompt-dialog');
    await uploadInto(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate Prompt' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use this Prompt' }));
    expect(values().prompt).toBe('misty pine forest at dawn');

    fireEvent.click(screen.getByTestId('random-prompt'));
    await waitFor(() => expect(values().prompt).toBe(LIGHTHOUSE));
    expect(server.inputsTo('generation.randomPrompt')).toHaveLength(1);
  });
});
