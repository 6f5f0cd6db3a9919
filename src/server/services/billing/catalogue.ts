/**
 * What the studio sells, as data: credit packs (one payment) and the premium plan (monthly).
 * Checkout sessions carry these as inline price data, so going live needs no products created by
 * hand; every amount is taken from here on the server, never from what a browser sends.
 */
import { AppError } from '~/server/errors';

/** Minor units (cents) in a lower-case ISO currency, as Stripe counts money. */
export const CURRENCY = 'usd';

export type CreditPack = { kind: 'pack'; id: string; credits: number; amount: number; currency: string };
export type Plan = { kind: 'plan'; id: string; monthlyCredits: number; amount: number; currency: string; interval: 'month' };
export type SaleItem = CreditPack | Plan;

/** Larger packs cost less per credit (1.00, 0.83, 0.67 per 100 credits). */
export const CREDIT_PACKS: readonly CreditPack[] = [
  { kind: 'pack', id: 'credits-500', credits: 500, amount: 500, currency: CURRENCY },
  { kind: 'pack', id: 'credits-1200', credits: 1200, amount: 1000, currency: CURRENCY },
  { kind: 'pack', id: 'credits-3000', credits: 3000, amount: 2000, currency: CURRENCY },
];

/** Premium: the spec's premium wait, private results and recent creations, plus credits each month. */
export const PREMIUM_PLAN: Plan = { kind: 'plan', id: 'premium-monthly', monthlyCredits: 1000, amount: 1200, currency: CURRENCY, interval: 'month' };

/** The credits a sale gives per payment (a pack's once, the plan's each month). */
export function creditsOf(item: SaleItem): number {
  return item.kind === 'pack' ? item.credits : item.monthlyCredits;
}

/** The item with this id, or undefined. */
export function findSaleItem(id: string): SaleItem | undefined {
  if (id === PREMIUM_PLAN.id) return PREMIUM_PLAN;
  return CREDIT_PACKS.find((pack) => pack.id === id);
}

/** The item with this id, or a refusal naming the ones that exist. */
export function saleItem(id: string): SaleItem {
  const item = findSaleItem(id);
  if (!item) {
    const known = [...CREDIT_PACKS.map((pack) => pack.id), PREMIUM_PLAN.id].join(', ');
    throw new AppError('validation_failed', `Unknown item "${id}": choose one of ${known}.`);
  }
  return item;
}

/** What a pack costs per 100 credits, in minor units, rounded: what people compare packs by. */
export function pricePer100(pack: CreditPack): number {
  return Math.round((pack.amount * 100) / pack.credits);
}

/** 1200 → '1,200' (without Intl: this runs on every grant, and Intl's first use is slow). */
const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A human name for the item (checkout pages and receipts show it). */
export function itemName(item: SaleItem): string {
  return item.kind === 'pack' ? `${grouped(item.credits)} credits` : `Premium (${grouped(item.monthlyCredits)} credits a month)`;
}
