/**
 * How a result goes into the next tool: a link to the tool's page whose query says what to start
 * from. The page resolves it on the server (with the viewer's rights), so it survives a reload.
 *   /create/{appId}?model={modelId}&input={object key}   one of our stored images into the model's image field
 *   /create/{appId}?prompt={text}                        a text result as the prompt
 *   /create/{appId}?model={modelId}&remix={creation id}  a creation's exact settings
 */
/** The named image actions (issue 12) and the app each opens, on its default model. */
export const IMAGE_SHORTCUTS = [
  { action: 'edit', appId: 'flux-kontext' },
  { action: 'upscale', appId: 'upscaler' },
  { action: 'removeBackground', appId: 'remove-background' },
  { action: 'animate', appId: 'image-to-video' },
] as const;
export type ImageShortcut = (typeof IMAGE_SHORTCUTS)[number]['action'];

/** 'Use as prompt' opens the FLUX app with the text in its prompt. */
export const PROMPT_APP_ID = 'flux';

export const HAND_OVER_PARAMS = ['input', 'prompt', 'remix'] as const;
export type HandOverParam = (typeof HAND_OVER_PARAMS)[number];

/** A prompt handed over in a link is cut to this length (longer texts do not fit a URL anyway). */
export const HANDED_PROMPT_MAX_LENGTH = 2000;

export type HandOverLink = { appId: string; modelId?: string } & ({ input: string } | { prompt: string } | { remix: string });

export function handOverHref(link: HandOverLink): string {
  const query = new URLSearchParams();
  if (link.modelId) query.set('model', link.modelId);
  if ('input' in link) query.set('input', link.input);
  if ('prompt' in link) query.set('prompt', link.prompt.slice(0, HANDED_PROMPT_MAX_LENGTH));
  if ('remix' in link) query.set('remix', link.remix);
  return `/create/${encodeURIComponent(link.appId)}?${query.toString()}`;
}
