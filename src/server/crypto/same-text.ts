/**
 * Signatures are compared as the exact text we would have written, in constant time: never as the
 * bytes a lenient decoder makes of them. Node's base64 decoders skip characters they do not know,
 * accept either alphabet, ignore padding and the unused low bits of the last character, so many
 * strings decode to one MAC; only its one spelling may open anything.
 */
import { timingSafeEqual } from 'node:crypto';

export function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  // Length first: timingSafeEqual needs equal lengths (and a signature's length is not secret).
  return a.length === b.length && timingSafeEqual(a, b);
}
