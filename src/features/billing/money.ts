/**
 * Amounts arrive as Stripe sends them: whole minor units (cents) with a lower-case ISO currency.
 * The currency's own number of decimals (2 for usd, 0 for jpy) comes from Intl, so no table of
 * currencies lives here.
 */
import { numberFormat } from '~/i18n/format';

export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const format = numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** decimals);
}
