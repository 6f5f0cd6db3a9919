/**
 * Screening a creation before it is shown to anyone but its owner: each image output (a video's
 * poster frame; text is not screened) classified by nsfwjs in the inference worker, and the prompt
 * against the word list.
 *
 * Fails CLOSED, for publishing only: when no answer comes within SCREENING_TIME_LIMIT_MS (the
 * worker busy, starting or crashed, a model that cannot load, an output that cannot be read), the
 * screen says why (`unanswered`) and the creation does not go public unscreened: publishing.ts
 * screens it again or holds it for review. Generation is never blocked by it: a screen starts after
 * the result is recorded.
 */
import { getEnv } from '~/env';
import { classifyNsfw, decodeRgb, inferenceReady, UnreadableImageError, type DecodeLimits, type NsfwScores } from '~/server/inference';
import { storedOutputsOf, type StoredOutput } from '~/server/services/generation/present';
import { firstFrameWebp } from '~/server/services/samples/poster';
import { getStorage, keyFromStorageUrl } from '~/server/services/storage';
import { listedWordsIn } from './prompt-words';
import { explicitShare, isExplicit } from './screen-rules';

/** The whole screen's limit, counted from its turn: past it the screen has no answer ('timeout'). */
export const SCREENING_TIME_LIMIT_MS = 10_000;

/** nsfwjs's MobileNetV2 looks at 224×224: a larger copy only costs time. */
const CLASSIFIER_IMAGE_SIDE = 224;

/** A stored output is at most what the studio keeps; 40 megapixels is the local engine's own bound. */
const SCREEN_DECODE_LIMITS: DecodeLimits = { maxBytes: 64 * 1024 * 1024, maxPixels: 40_000_000, timeoutSeconds: SCREENING_TIME_LIMIT_MS / 1000 };

export type ImageScreen = { output: number; scores: NsfwScores; explicitShare: number; held: boolean };

/** Why the screen gave no answer: a passing reason ('timeout', 'unavailable') or an output it cannot read. */
export type Unanswered = 'timeout' | 'unavailable' | 'unreadable';

/** What a screen found, kept on the creation for the moderator. */
export type Screening = {
  threshold: number;
  images: ImageScreen[];
  promptWords: string[];
  unanswered: Unanswered | null;
  held: boolean;
};

/** A screen as the creation keeps it: with how many screens it took (the last one's findings). */
export type RecordedScreening = Screening & { attempts: number };

export type ScreenedCreation = { input: unknown; outputs: unknown };

/**
 * Screens take their turn one at a time in this process: a burst of results (a batch finishing, a
 * moderator's queue of owners' switches) then waits here rather than overfilling the worker's line
 * of quick checks, which would refuse the excess, and every one of them would be held for review.
 * A face check, which someone waits for before they pay, still goes before the screen in the worker.
 */
let turn: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(work, work);
  turn = run.catch(() => undefined);
  return run;
}

/** What is screened for an output: the image itself, a video's poster (its stored one, or its first frame); nothing for text. */
type Screened = { image: string } | { firstFrameOf: string } | null;

function screenedOf(output: StoredOutput): Screened {
  if (output.contentType.startsWith('image/')) return { image: output.key };
  if (!output.contentType.startsWith('video/')) return null;
  const poster = output.thumbnailUrl ? keyFromStorageUrl(output.thumbnailUrl) : null;
  return poster ? { image: poster } : { firstFrameOf: output.key };
}

async function posterBytes(screened: NonNullable<Screened>): Promise<Buffer> {
  if ('image' in screened) return storedBytes(screened.image);
  try {
    return await firstFrameWebp(await storedBytes(screened.firstFrameOf));
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError('not_an_image', `no first frame in ${screened.firstFrameOf}: ${error instanceof Error ? error.message : String(error)}`);
  }
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
    const screened = screenedOf(output);
    if (screened === null) continue;
    const image = await decodeRgb(await posterBytes(screened), SCREEN_DECODE_LIMITS, CLASSIFIER_IMAGE_SIDE);
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
  if (!outputs.some((output) => screenedOf(output) !== null)) return verdict([], null);
  return inTurn(() => screenImagesWithin(outputs, threshold, limitMs, verdict));
}

/** The images' screen, its time limit counted from its turn. */
async function screenImagesWithin(outputs: StoredOutput[], threshold: number, limitMs: number, verdict: (images: ImageScreen[], unanswered: Unanswered | null) => Screening): Promise<Screening> {
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limitMs);
  });
  try {
    const images = await Promise.race([inferenceReady().then(() => screenImages(outputs, threshold, stop.signal)), timeUp]);
    if (images === 'timeout') {
      console.warn(`[screening] no answer within ${limitMs} ms`);
      return verdict([], 'timeout');
    }
    return verdict(images, null);
  } catch (error) {
    console.warn('[screening] no answer:', error instanceof Error ? error.message : error);
    return verdict([], error instanceof UnreadableImageError ? 'unreadable' : 'unavailable');
  } finally {
    clearTimeout(timer);
    // A check still waiting for the worker when time is up is withdrawn from its line.
    stop.abort();
  }
}
