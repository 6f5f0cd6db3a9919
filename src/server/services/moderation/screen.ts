/**
 * Screening a creation before it is shown to anyone but its owner: each image output (a video's
 * poster frame; text is not screened) classified by nsfwjs in the inference worker, and the prompt
 * against the word list.
 *
 * Fails CLOSED, for publishing only: when no answer comes within SCREENING_TIME_LIMIT_MS (the
 * worker busy, starting or crashed, a model that cannot load, an output that cannot be read), the
 * creation waits for review rather than going public unscreened. Generation is never blocked by it:
 * a screen starts after the result is recorded.
 */
import { getEnv } from '~/env';
import { classifyNsfw, decodeRgb, inferenceReady, UnreadableImageError, type DecodeLimits, type NsfwScores } from '~/server/inference';
import { storedOutputsOf, type StoredOutput } from '~/server/services/generation/present';
import { getStorage, keyFromStorageUrl } from '~/server/services/storage';
import { listedWordsIn } from './prompt-words';
import { explicitShare, isExplicit } from './screen-rules';

/** The whole screen's limit: past it the creation is held for review. */
export const SCREENING_TIME_LIMIT_MS = 10_000;

/** nsfwjs's MobileNetV2 looks at 224×224: a larger copy only costs time. */
const CLASSIFIER_IMAGE_SIDE = 224;

/** A stored output is at most what the studio keeps; 40 megapixels is the local engine's own bound. */
const SCREEN_DECODE_LIMITS: DecodeLimits = { maxBytes: 64 * 1024 * 1024, maxPixels: 40_000_000, timeoutSeconds: SCREENING_TIME_LIMIT_MS / 1000 };

export type ImageScreen = { output: number; scores: NsfwScores; explicitShare: number; held: boolean };

/** Why the screen gave no answer: it waits for review then. */
export type Unanswered = 'timeout' | 'unavailable' | 'unreadable';

/** What a screen found, kept on the creation for the moderator. */
export type Screening = {
  threshold: number;
  images: ImageScreen[];
  promptWords: string[];
  unanswered: Unanswered | null;
  held: boolean;
};

export type ScreenedCreation = { input: unknown; outputs: unknown };

/** The key of what is screened for an output: the image itself, a video's poster; null for text. */
function screenedKey(output: StoredOutput): string | null | 'missing' {
  if (output.contentType.startsWith('image/')) return output.key;
  if (output.contentType.startsWith('video/')) return (output.thumbnailUrl ? keyFromStorageUrl(output.thumbnailUrl) : null) ?? 'missing';
  return null;
}

async function storedBytes(key: string): Promise<Buffer> {
  const object = await getStorage().getObject(key);
  if (!object) throw new UnreadableImageError('not_an_image', `no object ${key}`);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of object.body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += buffer.length;
    if (length > SCREEN_DECODE_LIMITS.maxBytes) {
      object.body.destroy();
      throw new UnreadableImageError('too_many_bytes', `${key} is larger than ${SCREEN_DECODE_LIMITS.maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function screenImages(outputs: StoredOutput[], threshold: number, signal: AbortSignal): Promise<ImageScreen[]> {
  const screens: ImageScreen[] = [];
  for (const [index, output] of outputs.entries()) {
    const key = screenedKey(output);
    if (key === null) continue;
    if (key === 'missing') throw new UnreadableImageError('not_an_image', 'a video without a poster frame');
    const image = await decodeRgb(await storedBytes(key), SCREEN_DECODE_LIMITS, CLASSIFIER_IMAGE_SIDE);
    const scores = await classifyNsfw(image, signal);
    screens.push({ output: index, scores, explicitShare: Math.round(explicitShare(scores) * 10_000) / 10_000, held: isExplicit(scores, threshold) });
  }
  return screens;
}

function promptOf(input: unknown): string | null {
  const prompt = (input as Record<string, unknown> | null)?.prompt;
  return typeof prompt === 'string' && prompt.trim() !== '' ? prompt : null;
}

export async function screenCreation(creation: ScreenedCreation, limitMs = SCREENING_TIME_LIMIT_MS): Promise<Screening> {
  const threshold = getEnv().NSFW_THRESHOLD;
  const prompt = promptOf(creation.input);
  const promptWords = prompt ? listedWordsIn(prompt) : [];
  const outputs = storedOutputsOf(creation.outputs);
  const verdict = (images: ImageScreen[], unanswered: Unanswered | null): Screening => ({
    threshold,
    images,
    promptWords,
    unanswered,
    held: unanswered !== null || promptWords.length > 0 || images.some((image) => image.held),
  });
  if (!outputs.some((output) => screenedKey(output) !== null)) return verdict([], null);
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limitMs);
  });
  try {
    const images = await Promise.race([inferenceReady().then(() => screenImages(outputs, threshold, stop.signal)), timeUp]);
    if (images === 'timeout') {
      console.warn(`[screening] no answer within ${limitMs} ms: the creation waits for review`);
      return verdict([], 'timeout');
    }
    return verdict(images, null);
  } catch (error) {
    console.error('[screening] no answer, the creation waits for review:', error instanceof Error ? error.message : error);
    return verdict([], error instanceof UnreadableImageError ? 'unreadable' : 'unavailable');
  } finally {
    clearTimeout(timer);
    // A check still waiting for the worker when time is up is withdrawn from its line.
    stop.abort();
  }
}
