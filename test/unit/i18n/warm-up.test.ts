/**
 * The HTML's Intl warm-up: when the browser is idle it builds one number formatter, plural rules
 * and a date formatter for the page's language (the <html lang> Next writes), and never throws.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { INTL_WARM_UP_SCRIPT } from '~/i18n/warm-up';

function pageWith(lang: string, options: { idleCallback: boolean; intl?: object }) {
  const built: string[] = [];
  const waiting: Array<() => void> = [];
  const recorder = (kind: string) =>
    class {
      constructor(locale: string | undefined) {
        built.push(`${kind} ${locale ?? '(default)'}`);
      }
      format() {
        return '';
      }
      select() {
        return 'other';
      }
    };
  const intl = options.intl ?? { NumberFormat: recorder('NumberFormat'), PluralRules: recorder('PluralRules'), DateTimeFormat: recorder('DateTimeFormat') };
  const window: Record<string, unknown> = options.idleCallback ? { requestIdleCallback: (callback: () => void) => waiting.push(callback) } : {};
  const context = { window, document: { documentElement: { lang } }, Intl: intl, setTimeout: (callback: () => void) => waiting.push(callback) };
  runInNewContext(INTL_WARM_UP_SCRIPT, context);
  return { built, runIdle: () => waiting.splice(0).forEach((callback) => callback()) };
}

describe('the Intl warm-up script', () => {
  it('builds the formatters for the page language only once the browser is idle', () => {
    const page = pageWith('de', { idleCallback: true });
    expect(page.built).toEqual([]);
    page.runIdle();
    expect(page.built).toEqual(['NumberFormat de', 'PluralRules de', 'DateTimeFormat de']);
  });

  it('falls back to a timer without requestIdleCallback, and to the default locale without lang', () => {
    const page = pageWith('', { idleCallback: false });
    page.runIdle();
    expect(page.built).toEqual(['NumberFormat (default)', 'PluralRules (default)', 'DateTimeFormat (default)']);
  });

  it('never throws, even where Intl is missing', () => {
    const page = pageWith('en', { idleCallback: true, intl: {} });
    expect(() => page.runIdle()).not.toThrow();
  });
});
