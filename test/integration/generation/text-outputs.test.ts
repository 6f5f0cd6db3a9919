/**
 * Caption and image-to-prompt answers are stored and served as plain text (issue 11 item 15): the
 * real Replicate SDK against the loopback fake answering each model's real output shape, through
 * the synchronous procedure and the legacy REST routes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

const CAPTION = 'The image shows a lighthouse on a rocky cliff at sunset.';

let replicate: FakeReplicate;
let studio: Studio;

beforeAll(async () => {
  replicate = await startFakeReplicate();
  studio = await startStudio({ env: { REPLICATE_API_TOKEN: replicate.token, REPLICATE_BASE_URL: replicate.baseUrl } });
});

afterAll(async () => {
  await studio?.stop();
  await replicate?.close();
});

beforeEach(() => {
  replicate.reset();
  replicate.script('lucataco/florence-2-large', { afterPolls: 1, output: { img: null, text: `{'<DETAILED_CAPTION>': '${CAPTION}'}` } });
  replicate.script('salesforce/blip', { afterPolls: 1, output: 'Caption: a lighthouse on a cliff at sunset' });
  replicate.script('yorickvp/llava-13b', { afterPolls: 1, output: ['"a lighthouse ', 'on a cliff ', 'at sunset, ', 'oil painting"'] });
  replicate.script('pharmapsychotic/clip-interrogator', { afterPolls: 1, output: 'a lighthouse on a cliff at sunset, by Ivan Aivazovsky, trending on artstation\n' });
});

async function post(user: StudioUser, path: string, body: unknown) {
  const response = await fetch(`${studio.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await studio.cookieFor(user), origin: studio.server.url },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { success: boolean; data: { id: string; text: string } };
}

describe('text answers are stored as plain text', () => {
  it.each([
    ['normal', 'lucataco/florence-2-large', CAPTION],
    ['brief', 'salesforce/blip', 'a lighthouse on a cliff at sunset'],
  ])('captioning in %s mode (%s)', async (mode, target, text) => {
    const user = await studio.createUser({ credits: 5, premium: true });
    const answer = await studio.caller(user).generation.runSync({ model_id: 'image-caption', image_url: 'https://example.com/a.png', mode });
    expect(replicate.createRequests()[0]!.path).toBe(`/v1/models/${target}/predictions`);
    expect(answer.text).toBe(text);
    expect(answer.prediction.display.outputText).toBe(text);
    const row = await studio.db.generation.findUniqueOrThrow({ where: { id: answer.id } });
    expect(row.outputText).toBe(text);
  });

  it('the legacy caption and image-to-prompt routes answer the cleaned text', async () => {
    const user = await studio.createUser({ credits: 5, premium: true });
    const caption = await post(user, '/api/caption-image', { image_url: 'https://example.com/a.png' });
    expect(caption).toMatchObject({ success: true, data: { text: CAPTION } });
    const prompt = await post(user, '/api/image2prompt', { image_url: 'https://example.com/a.png' });
    expect(prompt).toMatchObject({ success: true, data: { text: 'a lighthouse on a cliff at sunset, by Ivan Aivazovsky, trending on artstation' } });
    const listed = await studio.caller(user).prediction.list({ type: 'text' });
    expect(listed.items.map((item) => item.display.outputText).sort()).toEqual([CAPTION, 'a lighthouse on a cliff at sunset, by Ivan Aivazovsky, trending on artstation'].sort());
  });

  it('the prompt adapter keeps the prompt, not the quotes around it', async () => {
    const user = await studio.createUser({ credits: 5, premium: true });
    const answer = await studio.caller(user).generation.runSync({ model_id: 'prompt-adapter', image_url: 'https://example.com/a.png', target_model: 'midjourney' });
    expect(answer.text).toBe('a lighthouse on a cliff at sunset, oil painting');
  });
});
