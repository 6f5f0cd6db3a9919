// @vitest-environment jsdom
/** The output area's four views (core-flow §2, §4) and the creation previews. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getModel, publicModelDefinition } from '~/catalogue';
import { CreationThumb } from '~/features/creations/CreationThumb';
import type { Prediction, ShownPrediction } from '~/features/predictions/types';
import { isVideoUrl } from '~/features/predictions/media';
import { OutputArea, outputView } from '~/features/outputs/OutputArea';
import { renderWithProviders } from './helpers/providers';

const schnell = publicModelDefinition(getModel('flux-schnell')!);
const kling = publicModelDefinition(getModel('kling-v2.1-standard')!);
const caption = publicModelDefinition(getModel('image-caption')!);

function shown(status: string, overrides: Partial<ShownPrediction> = {}): ShownPrediction {
  return { id: 'gen-1', status, error: null, outputNum: 1, outputType: 'image', display: null, queue: null, ...overrides };
}

function display(outputType: string, media: string[], outputText: string | null = null): ShownPrediction['display'] {
  return { prompt: 'p', inputImages: [], outputType, outputText, outputMedia: media.map((publicUrl) => ({ publicUrl, thumbnailUrl: null, contentType: publicUrl.endsWith('.mp4') ? 'video/mp4' : 'image/png', key: `u/u1/generations/gen-1/${publicUrl.split('/').pop()}` })) };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('outputView', () => {
  it('failed shows the error; anything but succeeded is processing', () => {
    expect(outputView(null)).toBe('placeholder');
    expect(outputView(shown('failed'))).toBe('failed');
    for (const s of ['pending', 'processing', 'processing_images', 'starting']) expect(outputView(shown(s))).toBe('processing');
    expect(outputView(shown('succeeded'))).toBe('success');
  });
});

describe('views', () => {
  it('placeholder before the first generation', () => {
    renderWithProviders(<OutputArea prediction={null} model={schnell} queueWaitSeconds={null} estimatedSeconds={20} />);
    expect(screen.getByTestId('output-placeholder').textContent).toContain('Your creation will appear here');
  });

  it('processing: outputNum placeholders, 2 columns when more than 1, the queue notice when given', () => {
    renderWithProviders(<OutputArea prediction={shown('processing', { outputNum: 3 })} model={schnell} queueWaitSeconds={60} estimatedSeconds={20} />);
    expect(screen.getAllByTestId('processing-placeholder')).toHaveLength(3);
    expect(screen.getByTestId('processing-grid').getAttribute('data-columns')).toBe('2');
    expect(screen.getByTestId('queue-notice').textContent).toBe('Queue wait time: ~60s');
    cleanup();
    renderWithProviders(<OutputArea prediction={shown('pending')} model={schnell} queueWaitSeconds={null} estimatedSeconds={20} />);
    expect(screen.getByTestId('processing-grid').getAttribute('data-columns')).toBe('1');
    expect(screen.queryByTestId('queue-notice')).toBeNull();
  });

  it('processing a video shows the estimated time rounded in seconds', () => {
    renderWithProviders(<OutputArea prediction={shown('processing', { outputType: 'video' })} model={kling} queueWaitSeconds={null} estimatedSeconds={179.6} />);
    expect(screen.getByTestId('video-estimate').textContent).toBe('Estimated time: ~180s');
  });

  it("failed: 'Generation Failed' with the error, else 'An unexpected error occurred.'", () => {
    renderWithProviders(<OutputArea prediction={shown('failed', { error: 'NSFW content detected.' })} model={schnell} queueWaitSeconds={null} estimatedSeconds={20} />);
    expect(screen.getByTestId('output-failed').textContent).toBe('Generation FailedNSFW content detected.');
    cleanup();
    renderWithProviders(<OutputArea prediction={shown('failed')} model={schnell} queueWaitSeconds={null} estimatedSeconds={20} />);
    expect(screen.getByTestId('output-failed').textContent).toBe('Generation FailedAn unexpected error occurred.');
  });

  it('success with images: a card each with open and download', async () => {
    renderWithProviders(
      <OutputArea prediction={shown('succeeded', { outputNum: 2, display: display('image', ['https://s.test/out/a.png', 'https://s.test/out/b.png']) })} model={schnell} queueWaitSeconds={null} estimatedSeconds={20} />,
    );
    expect(screen.getAllByTestId('output-image')).toHaveLength(2);
    const downloads = screen.getAllByTestId('output-download');
    expect(downloads[0]!.getAttribute('href')).toBe('https://s.test/out/a.png');
    expect(downloads[0]!.getAttribute('download')).toBe('a.png');
    fireEvent.click(screen.getAllByTestId('output-open')[1]!);
    expect(await screen.findByTestId('lightbox')).toBeTruthy();
  });

  it('success with a video: a player', () => {
    const { container } = renderWithProviders(
      <OutputArea prediction={shown('succeeded', { outputType: 'video', display: display('video', ['https://s.test/out/clip.mp4']) })} model={kling} queueWaitSeconds={null} estimatedSeconds={180} />,
    );
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://s.test/out/clip.mp4');
  });

  it("success with text: a copy button that shows 'Copied!' for 2 s", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    vi.useFakeTimers();
    renderWithProviders(<OutputArea prediction={shown('succeeded', { outputType: 'text', display: display('text', [], 'A cat on a sofa.') })} model={caption} queueWaitSeconds={null} estimatedSeconds={10} />);
    expect(screen.getByTestId('output-text').textContent).toContain('A cat on a sofa.');
    await act(async () => fireEvent.click(screen.getByTestId('copy-text')));
    expect(writeText).toHaveBeenCalledWith('A cat on a sofa.');
    expect(screen.getByTestId('copy-text').textContent).toBe('Copied!');
    await act(async () => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('copy-text').textContent).toBe('Copied!');
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('copy-text').textContent).toBe('Copy');
  });
});

describe('creation previews', () => {
  it('a preview counts as a video if its URL ends in .mp4', () => {
    expect(isVideoUrl('https://s.test/a/clip.mp4')).toBe(true);
    expect(isVideoUrl('https://s.test/a/clip.MP4?sig=1')).toBe(true);
    expect(isVideoUrl('https://s.test/a/still.png')).toBe(false);
    const creation = (url: string) =>
      ({ id: 'c', status: 'succeeded', display: { prompt: 'x', inputImages: [], outputType: 'video', outputText: null, outputMedia: [{ publicUrl: url, thumbnailUrl: null, contentType: 'video/mp4' }] } }) as unknown as Prediction;
    renderWithProviders(<CreationThumb creation={creation('https://s.test/a/clip.mp4')} />);
    expect(screen.getByTestId('thumb-video')).toBeTruthy();
    cleanup();
    renderWithProviders(<CreationThumb creation={creation('https://s.test/a/still.png')} />);
    expect(screen.getByTestId('thumb-image')).toBeTruthy();
  });
});
