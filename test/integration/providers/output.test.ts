/**
 * Output normalisation and status mapping shared by the providers and the webhook verifiers.
 * (Pure functions; kept beside the provider integration tests they serve.)
 */
import { describe, expect, it } from 'vitest';
import { falWebhookToJob } from '~/server/providers/fal';
import { normalizeOutput } from '~/server/providers/output';
import { predictionToJob } from '~/server/providers/replicate';

describe('normalizeOutput', () => {
  it.each([
    ['a URL string', 'https://replicate.delivery/a/out.webp', { outputUrls: ['https://replicate.delivery/a/out.webp'] }],
    ['an array of URLs', ['https://x/0.png', 'https://x/1.png'], { outputUrls: ['https://x/0.png', 'https://x/1.png'] }],
    ['a data URI', 'data:image/png;base64,AAAA', { outputUrls: ['data:image/png;base64,AAAA'] }],
    ['plain text', 'Caption: a dog', { outputText: 'Caption: a dog' }],
    ['streamed tokens', ['A', ' dog', ' runs.'], { outputText: 'A dog runs.' }],
    ['fal images', { images: [{ url: 'https://f/1.png', width: 8 }, { url: 'https://f/2.png' }], seed: 1, prompt: 'p' }, { outputUrls: ['https://f/1.png', 'https://f/2.png'] }],
    ['fal image', { image: { url: 'https://f/i.png', content_type: 'image/png' } }, { outputUrls: ['https://f/i.png'] }],
    ['fal video', { video: { url: 'https://f/v.mp4' } }, { outputUrls: ['https://f/v.mp4'] }],
    ['fal audio', { audio_file: { url: 'https://f/a.wav' } }, { outputUrls: ['https://f/a.wav'] }],
    ['fal text output', { output: 'A cat.' }, { outputText: 'A cat.' }],
    ['florence results', { results: 'A cat on a sofa.' }, { outputText: 'A cat on a sofa.' }],
    ['an image-to-prompt answer', { prompt: 'cinematic photo of a cat' }, { outputText: 'cinematic photo of a cat' }],
    ['null', null, {}],
    ['an empty array', [], {}],
  ])('%s', (_name, output, expected) => {
    expect(normalizeOutput(output)).toEqual(expected);
  });

  it('ignores echoed input URLs (image_url, mask_url) and dedupes', () => {
    expect(
      normalizeOutput({ image: { url: 'https://f/o.png' }, image_url: 'https://in/i.png', mask_url: 'https://in/m.png', images: [{ url: 'https://f/o.png' }] }),
    ).toEqual({ outputUrls: ['https://f/o.png'] });
  });
});

describe('predictionToJob', () => {
  const base = { id: 'p1', output: null, error: null };
  it('maps every Replicate status', () => {
    expect(predictionToJob({ ...base, status: 'starting' })).toEqual({ jobId: 'p1', status: 'starting' });
    expect(predictionToJob({ ...base, status: 'processing' })).toEqual({ jobId: 'p1', status: 'processing' });
    expect(predictionToJob({ ...base, status: 'succeeded', output: ['https://x/0.png'] })).toEqual({
      jobId: 'p1',
      status: 'succeeded',
      output: ['https://x/0.png'],
      outputUrls: ['https://x/0.png'],
    });
    expect(predictionToJob({ ...base, status: 'failed', error: 'boom' })).toEqual({ jobId: 'p1', status: 'failed', error: 'boom' });
    expect(predictionToJob({ ...base, status: 'failed' })).toEqual({ jobId: 'p1', status: 'failed', error: 'The prediction failed.' });
    expect(predictionToJob({ ...base, status: 'canceled' })).toEqual({ jobId: 'p1', status: 'canceled', error: 'Canceled.' });
    expect(predictionToJob({ ...base, status: 'aborted' })).toMatchObject({ status: 'failed', error: expect.stringContaining('aborted') });
    expect(predictionToJob({ ...base, status: 'failed', error: { message: 'x' } }).error).toBe('{"message":"x"}');
  });
});

describe('falWebhookToJob', () => {
  it('OK -> succeeded with URLs; ERROR -> failed with error and detail; cancelled -> canceled', () => {
    expect(falWebhookToJob({ request_id: 'r', status: 'OK', payload: { images: [{ url: 'https://f/1.png' }] } })).toEqual({
      jobId: 'r',
      status: 'succeeded',
      output: { images: [{ url: 'https://f/1.png' }] },
      outputUrls: ['https://f/1.png'],
    });
    expect(
      falWebhookToJob({
        request_id: 'r',
        status: 'ERROR',
        error: 'Invalid status code: 422',
        payload: { detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }] },
      }),
    ).toEqual({ jobId: 'r', status: 'failed', error: 'Invalid status code: 422: prompt: field required' });
    expect(
      falWebhookToJob({ request_id: 'r', status: 'ERROR', error: 'Invalid status code: 499', payload: { detail: 'Request was cancelled', error_type: 'client_cancelled' } }),
    ).toMatchObject({ status: 'canceled' });
    // payload_error: the payload could not be serialised; succeeded without output (fetch it with get()).
    expect(falWebhookToJob({ request_id: 'r', status: 'OK', payload: null, payload_error: 'too large' })).toEqual({ jobId: 'r', status: 'succeeded' });
  });
});
