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
