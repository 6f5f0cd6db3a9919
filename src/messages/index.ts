/**
 * UI strings by locale. Every locale translates every English key (test/unit/foundation/messages.test.ts
 * fails otherwise); the English fallback below only keeps a page readable if a key ever ships untranslated.
 */
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ja from './ja.json';
import pt from './pt.json';

export const LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  ja: '日本語',
};

export type Messages = typeof en;

const byLocale: Record<Locale, unknown> = { en, es, fr, de, pt, ja };

type Tree = { [key: string]: string | Tree };

function mergeOver(base: Tree, override: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? mergeOver(current, value) : value;
  }
  return out;
}

export function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

export function messagesFor(locale: string | undefined): Messages {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  if (chosen === DEFAULT_LOCALE) return en;
  return mergeOver(en as Tree, byLocale[chosen] as Tree) as unknown as Messages;
}
