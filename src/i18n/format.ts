/**
 * The ICU message subset the studio's messages use: `{name}` arguments,
 * `{name, plural, =0 {…} one {…} other {…}}` with `#` for the number, and
 * `{name, select, a {…} other {…}}`, arguments nested inside branches. A few hundred bytes instead of a full ICU parser in every page's first load.
 * Anything else in braces is left as written.
 */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

// Building an Intl formatter costs far more than using one (a phone profile of the generator's
// hydration spent ~120 ms of 4×-throttled CPU constructing NumberFormats): one per locale and
// options, kept. A page uses a handful of combinations.
function kept<T>(make: (locale: string, options?: object) => T): (locale: string, options?: object) => T {
  const made = new Map<string, T>();
  return (locale, options) => {
    const key = options ? `${locale}\n${JSON.stringify(options)}` : locale;
    let formatter = made.get(key);
    if (formatter === undefined) made.set(key, (formatter = make(locale, options)));
    return formatter;
  };
}
const pluralRules = kept((locale) => new Intl.PluralRules(locale));
export const numberFormat = kept((locale, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));
export const dateFormat = kept((locale, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));

/** The index just past the `}` closing the `{` at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** `=0 {…} one {…} other {…}` into selector → branch text. */
function branches(body: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) break;
    const selector = body.slice(i, open).trim();
    const end = closing(body, open);
    out.set(selector, body.slice(open + 1, end - 1));
    i = end;
  }
  return out;
}

function argument(inner: string, values: MessageValues, locale: string): string {
  const [name = '', kind, ...rest] = inner.split(',');
  const key = name.trim();
  const value = values[key];
  if (kind?.trim() === 'plural') {
    const n = typeof value === 'number' ? value : Number(value);
    const options = branches(rest.join(','));
    const branch = options.get(`=${n}`) ?? options.get(pluralRules(locale).select(n)) ?? options.get('other') ?? '';
    return formatMessage(branch, values, locale, numberFormat(locale).format(n));
  }
  if (kind?.trim() === 'select') {
    const options = branches(rest.join(','));
    return formatMessage(options.get(String(value)) ?? options.get('other') ?? '', values, locale);
  }
  if (value === undefined || value === null) return `{${inner}}`;
  if (value instanceof Date) return dateFormat(locale).format(value);
  if (typeof value === 'number') return numberFormat(locale).format(value);
  return value;
}

/** Formats a message; `number` is what `#` stands for inside a plural branch. */
export function formatMessage(template: string, values: MessageValues = {}, locale = 'en', number: string | null = null): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const ch = template[i] as string;
    if (ch === '{') {
      const end = closing(template, i);
      out += argument(template.slice(i + 1, end - 1), values, locale);
      i = end;
    } else if (ch === '#' && number !== null) {
      out += number;
      i += 1;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}
