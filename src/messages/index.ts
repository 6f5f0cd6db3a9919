/**
 * UI strings by locale. English is complete and is the fallback for any key a locale lacks;
 * Spanish is fully translated; the other locales translate what they have.
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
