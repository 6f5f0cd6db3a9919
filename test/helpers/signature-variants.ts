/**
 * Deterministic tamperings of a base64url HMAC-SHA256 signature (43 characters), so a test of a
 * signature check never depends on which characters a run's signature happens to end in.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function withLastIndex(signature: string, change: (index: number) => number): string {
  const index = ALPHABET.indexOf(signature.slice(-1));
  if (index < 0) throw new Error(`not base64url: ${signature}`);
  return signature.slice(0, -1) + ALPHABET[change(index)];
}

/** The last character moved by 16 places: its meaningful bits change, so the decoded bytes do too. */
export function withChangedLastCharacter(signature: string): string {
  return withLastIndex(signature, (index) => (index + 16) % 64);
}

/**
 * The same bytes spelled differently: 32 bytes fill 43 characters with two bits to spare, and a
 * lenient decoder ignores those two low bits of the last character.
 */
export function withSameBytesOtherSpelling(signature: string): string {
  return withLastIndex(signature, (index) => index ^ 1);
}

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Other spellings of a padded standard-base64 HMAC-SHA256 (44 characters, one '='), each of which
 * a lenient decoder turns into the same 32 bytes: a character it skips or extra padding at the end,
 * the padding dropped, the last character's two unused bits set, and (when the MAC has a '+' or
 * '/') the URL-safe alphabet.
 */
export function otherBase64Spellings(mac: string): Array<[string, string]> {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(mac)) throw new Error(`not a padded base64 MAC: ${mac}`);
  const last = STANDARD.indexOf(mac[42]!);
  const spellings: Array<[string, string]> = [
    ['an extra character', `${mac}!`],
    ['extra padding', `${mac}=`],
    ['no padding', mac.slice(0, 43)],
    ['unused bits set', `${mac.slice(0, 42)}${STANDARD[last ^ 1]}=`],
  ];
  if (/[+/]/.test(mac)) spellings.push(['the URL-safe alphabet', mac.replace(/\+/g, '-').replace(/\//g, '_')]);
  return spellings;
}
