import { describe, expect, it } from 'vitest';
import { signRead, verifyReadSignature } from '~/server/services/storage/signing';
import { withChangedLastCharacter, withSameBytesOtherSpelling } from '../../helpers/signature-variants';

describe('signed read URLs', () => {
  const grant = { key: 'u/user1/uploads/2026-11-25/abc-photo.png', expires: Math.floor(Date.now() / 1000) + 600 };

  it('accepts its own signature until it expires', () => {
    const sig = signRead(grant);
    expect(verifyReadSignature(grant, sig)).toBe(true);
    expect(verifyReadSignature(grant, sig, (grant.expires + 1) * 1000)).toBe(false);
  });

  it('refuses another key, another expiry or a changed signature', () => {
    const sig = signRead(grant);
    expect(verifyReadSignature({ ...grant, key: 'u/user2/uploads/2026-11-25/abc-photo.png' }, sig)).toBe(false);
    expect(verifyReadSignature({ ...grant, expires: grant.expires + 60 }, sig)).toBe(false);
    expect(verifyReadSignature(grant, `${sig}x`)).toBe(false);
    expect(verifyReadSignature(grant, withChangedLastCharacter(sig))).toBe(false);
    // The same bytes in another spelling are another string, and only the one we signed opens.
    expect(Buffer.from(withSameBytesOtherSpelling(sig), 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    expect(verifyReadSignature(grant, withSameBytesOtherSpelling(sig))).toBe(false);
    expect(verifyReadSignature({ ...grant, expires: Number.NaN }, sig)).toBe(false);
  });
});
