import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { icuShape } from '@test/helpers/icu';
import en from '~/messages/en.json';
import es from '~/messages/es.json';
import { LOCALES, messagesFor, type Locale } from '~/messages';

type Tree = { [key: string]: unknown };

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function valueAt(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Tree)[part] : undefined), tree);
}

/** The locale's file exactly as written: messagesFor() fills its gaps with English, which would hide them. */
function rawMessages(locale: Locale): Tree {
  return JSON.parse(readFileSync(new URL(`../../../src/messages/${locale}.json`, import.meta.url), 'utf8')) as Tree;
}

// Texts every language writes like English: the brand and a counter made only of numbers.
const SAME_EVERYWHERE = ['Lumen Studio', '{count}/{max}'];

/**
 * English texts a locale may keep word for word because that language really writes them the same.
 * Any other value equal to the English one is an untranslated key. Keep this list short.
 */
const SAME_AS_ENGLISH: Record<Exclude<Locale, 'en'>, readonly string[]> = {
  es: [
    ...SAME_EVERYWHERE,
    'Premium', // plan name, used as is
    'Original', // the before side of the comparison slider
    'Error',
    'Auto',
    'Prompt', // the AI term is used untranslated in Spanish
  ],
  fr: [
    ...SAME_EVERYWHERE,
    'Premium',
    'Original',
    'Auto',
    'Prompt', // the AI term is used untranslated in French
    'Image', // the tool category and the image field's label
    'Images', // the creations filter
    '{count} / {max} images', // "images" is the French plural too
    'Portrait',
    'Source',
    'Collection', // the same word in French
    'Collections',
  ],
  de: [
    ...SAME_EVERYWHERE,
    'Premium',
    'Original',
    'Auto',
    'Prompt', // der Prompt
    'Details',
    'Tags', // LoRA tags: German UIs say Tags
    'Video', // das Video
    'Videos',
    'Name', // der Name (of a collection)
  ],
  pt: [
    ...SAME_EVERYWHERE,
    'Premium',
    'Original',
    'Prompt', // the AI term is used untranslated in Brazilian Portuguese
    'Tags', // LoRA tags: Brazilian UIs say tags
  ],
  ja: [...SAME_EVERYWHERE],
};

const TRANSLATED = LOCALES.filter((locale): locale is Exclude<Locale, 'en'> => locale !== 'en');
const ENGLISH_KEYS = keys(en);

/** Every way the locale's raw file falls short of en.json, one line per key. */
function translationProblems(locale: Exclude<Locale, 'en'>): string[] {
  const raw = rawMessages(locale);
  const problems: string[] = [];
  const rawKeys = new Set(keys(raw));
  for (const key of rawKeys) if (!ENGLISH_KEYS.includes(key)) problems.push(`${key}: not an English key`);

  const pluralCategories = (kind: 'cardinal' | 'ordinal') => new Set<string>(new Intl.PluralRules(locale, { type: kind }).resolvedOptions().pluralCategories);
  const allowedSame = new Set(SAME_AS_ENGLISH[locale]);

  for (const key of ENGLISH_KEYS) {
    const english = valueAt(en, key) as string;
    const value = valueAt(raw, key);
    if (!rawKeys.has(key)) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${key}: empty`);
      continue;
    }
    if (value === english && !allowedSame.has(english)) problems.push(`${key}: same as English (${JSON.stringify(english)})`);

    let shape;
    try {
      shape = icuShape(value);
    } catch (error) {
      problems.push(`${key}: not valid ICU (${(error as Error).message})`);
      continue;
    }
    const englishShape = icuShape(english);
    if (shape.placeholders.join(' ; ') !== englishShape.placeholders.join(' ; ')) {
      problems.push(`${key}: placeholders [${shape.placeholders.join(' ; ')}], English has [${englishShape.placeholders.join(' ; ')}]`);
      continue;
    }
    for (const [argument, englishPlural] of Object.entries(englishShape.plurals)) {
      const plural = shape.plurals[argument]!;
      const categories = pluralCategories(englishPlural.kind);
      const isExact = (branch: string) => /^=\d+$/.test(branch);
      for (const branch of Object.keys(plural.branches)) {
        if (!isExact(branch) && !categories.has(branch)) problems.push(`${key}: {${argument}} has a '${branch}' branch, which ${locale} does not use`);
      }
      for (const branch of Object.keys(englishPlural.branches)) {
        if ((isExact(branch) || categories.has(branch)) && !(branch in plural.branches)) problems.push(`${key}: {${argument}} lacks its '${branch}' branch`);
      }
      if (englishPlural.branches.other && !plural.branches.other) problems.push(`${key}: {${argument}}'s 'other' branch does not show the number (#)`);
    }
  }

  // An allowance nobody needs any more is noise that would let a future untranslated text through.
  const keptSame = new Set(ENGLISH_KEYS.filter((key) => valueAt(raw, key) === valueAt(en, key)).map((key) => valueAt(en, key) as string));
  for (const text of allowedSame) if (!keptSame.has(text)) problems.push(`allow-list: ${JSON.stringify(text)} is no longer kept as in English`);
  return problems;
}

describe('UI messages', () => {
  it('Spanish translates every English key', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('every locale resolves every English key (falling back to English)', () => {
    for (const locale of LOCALES) expect(keys(messagesFor(locale)).sort(), locale).toEqual(keys(en).sort());
  });

  it.each(TRANSLATED)('%s translates every English key: present, non-empty, same ICU placeholders and plurals, not left in English', (locale) => {
    expect(translationProblems(locale)).toEqual([]);
  });

  it.each(TRANSLATED)('%s is served exactly as written, with nothing filled in from English', (locale) => {
    expect(messagesFor(locale)).toEqual(rawMessages(locale));
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
