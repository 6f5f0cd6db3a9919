/**
 * The studio's translations: the page's messages (one locale, from its server data) in a context,
 * `useTranslations(namespace)` to read them, `useFormatter()` for dates. The API has next-intl's
 * common shape, on our own small formatter (format.ts).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { dateFormat, formatMessage, numberFormat, type MessageValues } from './format';

export type { MessageValues };
type Tree = { [key: string]: string | Tree };
type Translate = (key: string, values?: MessageValues) => string;

type I18n = { locale: string; messages: Tree; timeZone: string };

const I18nContext = createContext<I18n>({ locale: 'en', messages: {}, timeZone: 'UTC' });

export function I18nProvider({ locale, messages, timeZone = 'UTC', children }: { locale: string; messages: object | undefined; timeZone?: string; children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages: (messages ?? {}) as Tree, timeZone }), [locale, messages, timeZone]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function lookup(messages: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = messages;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translator over `messages`, scoped to `namespace`; a missing key reads as its full path. */
export function createTranslator({ locale, messages, namespace }: { locale: string; messages: object; namespace?: string }): Translate {
  return (key, values) => {
    const path = namespace ? `${namespace}.${key}` : key;
    const template = lookup(messages as Tree, path);
    if (template === undefined) {
      if (process.env.NODE_ENV !== 'production') console.error(`Missing message: ${path} (${locale})`);
      return path;
    }
    return formatMessage(template, values, locale);
  };
}

export function useTranslations(namespace?: string): Translate {
  const { locale, messages } = useContext(I18nContext);
  return useMemo(() => createTranslator({ locale, messages, namespace }), [locale, messages, namespace]);
}

export function useLocale(): string {
  return useContext(I18nContext).locale;
}

export function useFormatter() {
  const { locale, timeZone } = useContext(I18nContext);
  return useMemo(
    () => ({
      dateTime: (date: Date, options: Intl.DateTimeFormatOptions = {}) => dateFormat(locale, { timeZone, ...options }).format(date),
      number: (n: number, options: Intl.NumberFormatOptions = {}) => numberFormat(locale, options).format(n),
    }),
    [locale, timeZone],
  );
}
