/**
 * How many faces a photo shows, said as a verdict a person can act on, by face-api's tiny detector
 * in the inference worker (the same thread as the local upscaler, where a check goes between two
 * tiles of an upscale rather than after it).
 *
 * Bounded: the photo is decoded with limits first (bytes, pixels, time), so a corrupt or hostile
 * file is refused as unreadable and never reaches the model; the whole check has a time limit.
 *
 * Fails OPEN: when the check cannot give an answer in time (the worker busy or starting, a model
 * that cannot load, a thread that crashed), the verdict is 'unchecked' and the photo goes through.
 * The check exists to save people credits on a photo the model cannot use; failing closed would
 * instead take headshots and PuLID down whenever the detector is slow, a worse outcome than the
 * one the check prevents (a generation paid for with a poor photo, as before the check existed).
 * An unreadable photo is a definite answer, not a failure of the check: that one is refused.
 */
import { createHash } from 'node:crypto';
import { getEnv } from '~/env';
import { countFaces, decodeRgb, inferenceReady, UnreadableImageError, type DecodeLimits } from '~/server/inference';

export type FaceVerdict =
  | { status: 'one_face'; faces: 1 }
  | { status: 'no_face'; faces: 0 }
  | { status: 'many_faces'; faces: number }
  | { status: 'unreadable'; faces: null }
  | { status: 'unchecked'; faces: null; reason: 'off' | 'timeout' | 'unavailable' };

/**
 * The check's time limit (env FACE_CHECK_SECONDS, 5 s by default), decoding and waiting in the
 * worker's line included: a check takes 0.1–0.5 s here, up to one upscale tile (1–3 s) more when an
 * upscale is running. It counts from when the worker is up: the worker's start (about a second, once
 * per process; its own limit is 30 s) is waited for, so the first photos after a restart are checked
 * like the others. Past it the photo goes through unchecked (it fails open): the check saves
 * credits, and a slow server must not stop people generating.
 */
export function faceCheckTimeLimitMs(): number {
  return getEnv().FACE_CHECK_SECONDS * 1000;
}

/**
 * Decoding limits: a photo's bytes are at most an upload (5 MB) or a stored result used as input;
 * 40 megapixels is the local engine's own bound; libvips gets the check's own time (in whole
 * seconds, as libvips counts it).
 */
function faceCheckDecodeLimits(): DecodeLimits {
  return { maxBytes: 32 * 1024 * 1024, maxPixels: 40_000_000, timeoutSeconds: Math.ceil(getEnv().FACE_CHECK_SECONDS) };
}

/** The detector works at 416 pixels: a larger copy only costs time. */
const DETECTOR_IMAGE_SIDE = 1024;

/** Verdicts by the photo's content hash: the form's early check, Generate's check and its submit ask about the same bytes. */
const KNOWN_VERDICTS_MAX = 256;
const knownVerdicts = new Map<string, FaceVerdict>();

function remember(key: string, verdict: FaceVerdict): FaceVerdict {
  knownVerdicts.delete(key);
  knownVerdicts.set(key, verdict);
  if (knownVerdicts.size > KNOWN_VERDICTS_MAX) knownVerdicts.delete(knownVerdicts.keys().next().value!);
  return verdict;
}

function verdictOf(faces: number): FaceVerdict {
  if (faces === 1) return { status: 'one_face', faces: 1 };
  if (faces === 0) return { status: 'no_face', faces: 0 };
  return { status: 'many_faces', faces };
}

async function detect(photo: Buffer, signal: AbortSignal): Promise<FaceVerdict> {
  let image;
  try {
    image = await decodeRgb(photo, faceCheckDecodeLimits(), DETECTOR_IMAGE_SIDE);
  } catch (error) {
    if (error instanceof UnreadableImageError) return { status: 'unreadable', faces: null };
    throw error;
  }
  return verdictOf((await countFaces(image, signal)).faces);
}

export async function faceVerdict(photo: Buffer): Promise<FaceVerdict> {
  if (getEnv().FACE_CHECK === 'off') return { status: 'unchecked', faces: null, reason: 'off' };
  const key = createHash('sha256').update(photo).digest('hex');
  const known = knownVerdicts.get(key);
  if (known) return remember(key, known);
  try {
    await inferenceReady();
  } catch (error) {
    console.error('[face check] the worker could not start, the photo goes through unchecked:', error instanceof Error ? error.message : error);
    return { status: 'unchecked', faces: null, reason: 'unavailable' };
  }
  const stop = new AbortController();
  const limitMs = faceCheckTimeLimitMs();
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<FaceVerdict>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'unchecked', faces: null, reason: 'timeout' }), limitMs);
  });
  try {
    const verdict = await Promise.race([detect(photo, stop.signal), timeUp]);
    if (verdict.status !== 'unchecked') return remember(key, verdict);
    console.warn(`[face check] no answer within ${limitMs} ms, the photo goes through unchecked`);
    return verdict;
  } catch (error) {
    console.error('[face check] no answer, the photo goes through unchecked:', error instanceof Error ? error.message : error);
    return { status: 'unchecked', faces: null, reason: 'unavailable' };
  } finally {
    clearTimeout(timer);
    // A check still waiting for the worker when time is up is withdrawn from its line.
    stop.abort();
  }
}
