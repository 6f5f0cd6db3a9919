// @vitest-environment jsdom
/** multi_image_input (1 to 4) and start_end_image_input ('Add end frame'), tool-catalogue §4, §5. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_REFERENCE_IMAGES } from '~/catalogue';
import { MultiImageInputControl, StartEndImageInputControl } from '~/features/form/controls/media';
import { resetFakes } from '../ui/helpers/fakes';
import { inputsTo, type Call, type Handlers } from '../ui/helpers/providers';
import { controlOf, publicModel, renderControl } from './helpers/harness';
import { imageFile } from './helpers/render';

vi.mock('next-auth/react', async () => (await import('../ui/helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('../ui/helpers/fakes')).nextRouterModule);

/** upload.signedUrl answers the n-th request of a test with ref-n.png; `calls` records what the client sent. */
function uploadServer(): { api: { handlers: Handlers; calls: Call[] }; signedUrlRequests: () => number } {
  const calls: Call[] = [];
  let uploads = 0;
  const handlers: Handlers = {
    'upload.signedUrl': () => {
      uploads += 1;
      return { publicUrl: `https://studio.test/storage/ref-${uploads}.png`, signedUrl: `https://studio.test/storage/ref-${uploads}.png?sig=1` };
    },
  };
  return { api: { handlers, calls }, signedUrlRequests: () => inputsTo(calls, 'upload.signedUrl').length };
}

let server = uploadServer();
beforeEach(() => {
  resetFakes();
  server = uploadServer();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 200 })));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fileInputs(container: HTMLElement): HTMLInputElement[] {
  return [...container.querySelectorAll<HTMLInputElement>('input[type="file"]')];
}

async function drop(input: HTMLInputElement, files: File[]) {
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

describe('multi_image_input', () => {
  const model = publicModel('kling-1.6-multi');
  const control = controlOf(model, 'multi_image_input');

  it('takes up to 4 images; extra files get "Maximum 4 input images allowed." and are not uploaded', async () => {
    expect(control.maxImages).toBe(MAX_REFERENCE_IMAGES);
    const { container, values } = renderControl(MultiImageInputControl, { ...server.api, model, control });
    expect(screen.getByTestId('control-input_image_urls-count').textContent).toBe('0 / 4 images');
    await drop(fileInputs(container)[0]!, [1, 2, 3, 4, 5, 6].map((i) => imageFile(100 + i, `p${i}.png`)));
    await waitFor(() => expect(values().input_image_urls).toHaveLength(4));
    expect(server.signedUrlRequests()).toBe(4);
    expect(screen.getByRole('alert').textContent).toBe('Maximum 4 input images allowed.');
    expect(values().input_image_urls).toEqual([1, 2, 3, 4].map((i) => `https://studio.test/storage/ref-${i}.png`));
    // Full: no drop area left.
    expect(fileInputs(container)).toHaveLength(0);
    expect(screen.getByTestId('control-input_image_urls-count').textContent).toBe('4 / 4 images');
  });

  it('adds images one drop at a time, in order', async () => {
    const { container, values } = renderControl(MultiImageInputControl, { ...server.api, model, control });
    await drop(fileInputs(container)[0]!, [imageFile(10)]);
    await waitFor(() => expect(values().input_image_urls).toHaveLength(1));
    await drop(fileInputs(container)[0]!, [imageFile(11), imageFile(12)]);
    await waitFor(() => expect(values().input_image_urls).toHaveLength(3));
    expect(values().input_image_urls).toEqual([1, 2, 3].map((i) => `https://studio.test/storage/ref-${i}.png`));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('removing the last image says "At least one input image is required."', async () => {
    renderControl(MultiImageInputControl, { ...server.api, model, control, values: { input_image_urls: ['https://studio.test/a.png'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove reference image 1' }));
    expect(screen.getByRole('alert').textContent).toBe('At least one input image is required.');
  });

  it('a dropped set over the room left is cut to the room left', async () => {
    const existing = ['https://studio.test/a.png', 'https://studio.test/b.png', 'https://studio.test/c.png'];
    const { container, values } = renderControl(MultiImageInputControl, { ...server.api, model, control, values: { input_image_urls: existing } });
    await drop(fileInputs(container)[0]!, [imageFile(10), imageFile(11)]);
    await waitFor(() => expect(values().input_image_urls).toHaveLength(4));
    expect(server.signedUrlRequests()).toBe(1);
    expect(screen.getByRole('alert').textContent).toBe('Maximum 4 input images allowed.');
  });

  it('shows the form validation message once', () => {
    renderControl(MultiImageInputControl, { ...server.api, model, control, error: 'At least one input image is required.' });
    expect(screen.getAllByText('At least one input image is required.')).toHaveLength(1);
  });
});

describe('start_end_image_input', () => {
  const model = publicModel('kling-v2.1-pro');
  const control = controlOf(model, 'start_end_image_input');

  it('shows one uploader, and two with "Add end frame" on', () => {
    const { container } = renderControl(StartEndImageInputControl, { ...server.api, model, control });
    expect(fileInputs(container)).toHaveLength(1);
    fireEvent.click(screen.getByRole('switch', { name: /Add end frame/ }));
    expect(fileInputs(container)).toHaveLength(2);
    expect(screen.getByText(control.label)).toBeTruthy();
    expect(screen.getByText(control.endLabel)).toBeTruthy();
  });

  it('uploads into the start and end fields named by the control; turning the toggle off clears the end image', async () => {
    const { container, values } = renderControl(StartEndImageInputControl, { ...server.api, model, control });
    fireEvent.click(screen.getByRole('switch', { name: /Add end frame/ }));
    const [start, end] = fileInputs(container);
    await drop(start!, [imageFile(10)]);
    await waitFor(() => expect(values()[control.name]).toBe('https://studio.test/storage/ref-1.png'));
    await drop(end!, [imageFile(11)]);
    await waitFor(() => expect(values()[control.endName]).toBe('https://studio.test/storage/ref-2.png'));

    fireEvent.click(screen.getByRole('switch', { name: /Add end frame/ }));
    expect(values()[control.endName]).toBeUndefined();
    expect(values()[control.name]).toBe('https://studio.test/storage/ref-1.png');
    expect(screen.queryByText(control.endLabel)).toBeNull();
  });

  it('starts with the toggle on when the form already has an end image', () => {
    renderControl(StartEndImageInputControl, {
      ...server.api,
      model,
      control,
      values: { start_image_url: 'https://studio.test/s.png', end_image_url: 'https://studio.test/e.png' },
    });
    expect((screen.getByRole('switch', { name: /Add end frame/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });
});
