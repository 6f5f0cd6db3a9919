/**
 * A cap on how deeply JSON a caller sends may nest. Our inputs nest a few levels at most; thousands
 * of levels only exhaust the stack of whatever walks the value later (a 500 instead of a 400). The
 * text is measured before anything parses it, in one pass that skips string contents.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The JSON is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/** True when the JSON text opens more than `limit` arrays/objects inside one another. */
export function jsonNestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}
