/**
 * UI strings by locale, read on the server: each page's data carries its locale's messages, so the
 * browser loads only that locale (server/pages/page-props.ts). Every locale translates every
 * English key (test/unit/foundation/messages.test.ts fails otherwise); the English fallback only
 * keeps a page readable if a key ever ships untranslated.
 */
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ja from './ja.json';
import pt from './pt.json';

import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

export { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, type Locale } from './locales';

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


export function messagesFor(locale: string | undefined): Messages {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  if (chosen === DEFAULT_LOCALE) return en;
  return mergeOver(en as Tree, byLocale[chosen] as Tree) as unknown as Messages;
}
