/**
 * Our ICU formatter (src/i18n/format.ts) says exactly what the reference implementation
 * (intl-messageformat, the formatter next-intl uses) says, for every message of every locale,
 * with counts that reach every plural branch; plus the cases the studio's messages rely on.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { dateFormat, formatMessage, numberFormat } from '~/i18n/format';
import { createTranslator } from '~/i18n';
import { LOCALES } from '~/messages/locales';
import de from '~/messages/de.json';
import en from '~/messages/en.json';
import es from '~/messages/es.json';
import fr from '~/messages/fr.json';
import ja from '~/messages/ja.json';
import pt from '~/messages/pt.json';

type Tree = { [key: string]: string | Tree };
const files: Record<string, Tree> = { en, es, fr, de, pt, ja };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

/** Values for every argument a message names: numbers for plurals, words for the rest. */
function valuesFor(message: string, count: number): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [, name, kind] of message.matchAll(/\{\s*([a-zA-Z]+)\s*(?:,\s*(plural|select))?/g)) {
    if (!name) continue;
    values[name] = kind === 'plural' ? count : kind === 'select' ? (count % 2 === 0 ? 'end' : 'start') : `«${name}»`;
  }
  // Arguments counted elsewhere in a message (e.g. {needed} with a plural on {available}) are numbers too.
  for (const key of ['count', 'credits', 'min', 'max', 'needed', 'available', 'seconds', 'n', 'limit', 'scale']) if (key in values && typeof values[key] === 'string') values[key] = count;
  return values;
}

describe('formatMessage agrees with intl-messageformat on every real message', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every message at counts 0, 1, 2, 5 and 21`, () => {
      const mismatches: string[] = [];
      for (const [key, message] of leaves(files[locale] as Tree)) {
        for (const count of [0, 1, 2, 5, 21]) {
          const values = valuesFor(message, count);
          const expected = String(new IntlMessageFormat(message, locale).format(values));
          const actual = formatMessage(message, values, locale);
          if (actual !== expected) mismatches.push(`${key} (${count}): ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe('formatMessage', () => {
  it('fills arguments, picks plural branches (exact match first) and writes # as the localised number', () => {
    const credits = '{count, plural, =0 {no credits} one {# credit} other {# credits}}';
    expect(formatMessage(credits, { count: 0 })).toBe('no credits');
    expect(formatMessage(credits, { count: 1 })).toBe('1 credit');
    expect(formatMessage(credits, { count: 1200 })).toBe('1,200 credits');
    expect(formatMessage(credits, { count: 1200 }, 'de')).toBe('1.200 credits');
    expect(formatMessage('Welcome back, {name}. You have {n, plural, one {# credit} other {# credits}}.', { name: 'Ada', n: 3 })).toBe('Welcome back, Ada. You have 3 credits.');
  });

  it('selects by value with other as the fallback, and leaves a missing argument visible', () => {
    const where = 'at the {position, select, end {end} other {start}}';
    expect(formatMessage(where, { position: 'end' })).toBe('at the end');
    expect(formatMessage(where, { position: 'middle' })).toBe('at the start');
    expect(formatMessage('Hello {name}', {})).toBe('Hello {name}');
  });

  it('a translator reads nested keys in its namespace and names a missing key by its path', () => {
    const t = createTranslator({ locale: 'en', messages: en, namespace: 'generator.flow' });
    expect(t('invalidInputFallback')).toBe('Please check your input and try again.');
    expect(t('noSuchKey')).toBe('generator.flow.noSuchKey');
  });

  it('keeps one formatter per locale and options, each formatting as a fresh one would', () => {
    expect(numberFormat('de')).toBe(numberFormat('de'));
    expect(numberFormat('de')).not.toBe(numberFormat('en'));
    expect(numberFormat('de', { style: 'percent' })).not.toBe(numberFormat('de'));
    expect(numberFormat('de').format(1234.5)).toBe(new Intl.NumberFormat('de').format(1234.5));
    expect(numberFormat('de', { style: 'percent' }).format(0.5)).toBe(new Intl.NumberFormat('de', { style: 'percent' }).format(0.5));
    const day = new Date('2026-11-26T23:30:00Z');
    expect(dateFormat('en', { timeZone: 'UTC', dateStyle: 'medium' }).format(day)).toBe('Nov 26, 2026');
    expect(dateFormat('en', { timeZone: 'Asia/Tokyo', dateStyle: 'medium' }).format(day)).toBe('Nov 27, 2026');
    expect(formatMessage('{count, plural, one {# credit} other {# credits}}', { count: 1200 }, 'de')).toBe('1.200 credits');
  });
});
