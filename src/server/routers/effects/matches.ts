/** The effect lists' search: case-insensitive substring over the given texts; no search matches all. */
export function matches(needle: string | undefined, ...texts: string[]): boolean {
  return !needle || texts.some((t) => t.toLowerCase().includes(needle.toLowerCase()));
}
