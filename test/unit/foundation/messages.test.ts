import { describe, expect, it } from 'vitest';
import en from '~/messages/en.json';
import es from '~/messages/es.json';
import { LOCALES, messagesFor } from '~/messages';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('UI messages', () => {
  it('Spanish translates every English key', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('every locale resolves every English key (falling back to English)', () => {
    for (const locale of LOCALES) expect(keys(messagesFor(locale)).sort(), locale).toEqual(keys(en).sort());
  });

  it('keeps the spec texts word for word in English', () => {
    expect(en.auth.modalTitle).toBe('Sign in to your account to continue');
    expect(en.auth.failedTitle).toBe('Authentication failed');
    expect(en.auth.failedGoogle).toBe('Unable to sign in with Google. Please try again.');
    expect(en.auth.failedUnexpected).toBe('An unexpected error occurred. Please try again.');
  });

  it('Spanish really is translated, not copied', () => {
    expect(messagesFor('es').auth.modalTitle).toBe('Inicia sesión en tu cuenta para continuar');
  });
});
