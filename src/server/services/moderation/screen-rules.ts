/** The operator's settings for screening, read in one place. */
import { getEnv } from '~/env';
import type { NsfwScores } from '~/server/inference';

/** NSFW_CHECK: off shows public creations unscreened (no image or prompt is held; reports still work). */
export function screeningOn(): boolean {
  return getEnv().NSFW_CHECK === 'on';
}

/** The share of an image nsfwjs gives to its two explicit classes. */
export function explicitShare(scores: NsfwScores): number {
  return scores.porn + scores.hentai;
}

/** NSFW_THRESHOLD: held when the explicit share reaches it; 0 holds every image and 1 none. */
export function isExplicit(scores: NsfwScores, threshold = getEnv().NSFW_THRESHOLD): boolean {
  return threshold < 1 && explicitShare(scores) >= threshold;
}
