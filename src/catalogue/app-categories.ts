/**
 * The app categories the UI names (generator.home.category.*); any other shows as 'other'. The
 * home page's grid and a result's 'Use as input' menu both group apps by them.
 */
export const KNOWN_CATEGORIES = ['image', 'edit', 'portrait', 'video', 'tools'] as const;

/** The message key of an app category under generator.home. */
export function categoryMessageKey(category: string | undefined): `category.${(typeof KNOWN_CATEGORIES)[number] | 'other'}` {
  const known = (KNOWN_CATEGORIES as readonly string[]).includes(category ?? '');
  return `category.${known ? (category as (typeof KNOWN_CATEGORIES)[number]) : 'other'}`;
}
