import { describe, expect, it } from 'vitest';
import { pathWithoutLocale, resolveCallbackUrl } from '~/features/auth/callback-url';

describe('resolveCallbackUrl (core-flow §2 order)', () => {
  it.each([
    ['/create/flux-schnell', '/creations', '/create/flux-schnell'],
    [undefined, '/creations', '/creations'],
    [undefined, ['/a', '/b'], '/a'],
    [undefined, undefined, '/'],
    ['', '', '/'],
  ])('modal %j, query %j → %s', (modal, query, expected) => {
    expect(resolveCallbackUrl(modal as string | undefined, query as string | undefined)).toBe(expected);
  });

  it('refuses off-site destinations', () => {
    expect(resolveCallbackUrl('https://evil.example/steal', undefined)).toBe('/');
    expect(resolveCallbackUrl('//evil.example', '/safe')).toBe('/safe');
  });
});

describe('pathWithoutLocale', () => {
  const locales = ['en', 'es', 'fr', 'de', 'pt', 'ja'];
  it.each([
    ['/es/create/flux-schnell', '/create/flux-schnell'],
    ['/create/flux-schnell?lora=x', '/create/flux-schnell?lora=x'],
    ['/fr', '/'],
    ['/', '/'],
    ['/es/models/flux-realism#faq', '/models/flux-realism#faq'],
    ['/esperanto', '/esperanto'],
  ])('%s → %s', (input, expected) => {
    expect(pathWithoutLocale(input, locales)).toBe(expected);
  });
});
