/**
 * The one string schema every input schema is built from (the derived generation input and every
 * router's input). PostgreSQL cannot store a NUL character, and an unpaired UTF-16 surrogate is not
 * text at all (it cannot be encoded as UTF-8 or stored in jsonb): both are refused here, as bad
 * input, before anything is looked up, charged or written.
 */
import { z } from 'zod';

export const TEXT_NOT_STORABLE = 'Text must not contain NUL characters or unpaired surrogates.';

const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !NUL.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * Text that did not come from a caller (a provider's error or answer) made storable rather than
 * refused: NULs dropped, unpaired surrogates replaced by U+FFFD. Losing a completion over one
 * stray byte would be worse than the byte.
 */
export function toStorableText(value: string): string {
  return isStorableText(value) ? value : value.replace(/\u0000/g, '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/** The check itself: shared by `inputText` and `inputUrl`, and how tests recognise a guarded string. */
export const storableTextCheck = z.refine<string>(isStorableText, { message: TEXT_NOT_STORABLE });

/** Any string a caller sends. Chain limits on it (`inputText.max(64)`): the check travels with them. */
export const inputText = z.string().check(storableTextCheck);

/** An http(s) URL a caller sends (an input image, a mask), under the same text check. */
export const inputUrl = z.url({ protocol: /^https?$/ }).check(storableTextCheck);
