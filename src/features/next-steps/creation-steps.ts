/** What a creation can hand to the next tool: its image (our object key), its text, its settings. */
import { isVideoMedia } from '~/features/predictions/media';
import { remixHref, type NextSteps } from './next-steps';

type CreationLike = {
  id: string;
  status: string;
  modelId: string;
  appId: string | null;
  display: { outputType: string; outputText: string | null; outputMedia: { publicUrl: string; contentType: string; key?: string }[] };
};

export type CreationSteps = { imageKey: string | null; text: string | null; remix: string | null };

export function creationSteps(creation: CreationLike, homeApps: NextSteps['homeApps'], mediaIndex = 0): CreationSteps {
  const done = creation.status === 'succeeded';
  const media = creation.display.outputMedia[mediaIndex];
  const imageKey = done && media?.key && !isVideoMedia(media) && creation.display.outputType === 'image' ? media.key : null;
  const text = done && creation.display.outputType === 'text' ? (creation.display.outputText?.trim() ?? '') || null : null;
  // The page that opens resolves the settings with the viewer's rights (theirs, or public ones).
  return { imageKey, text, remix: remixHref(creation, homeApps) };
}
