/** What /pricing shows: the packs and the plan with their prices, and how people pay here. */
import { getEnv } from '~/env';
import { CREDIT_PACKS, PREMIUM_PLAN, pricePer100 } from './catalogue';

export function billingOffer() {
  return {
    checkout: getEnv().checkout,
    packs: CREDIT_PACKS.map((pack) => ({ id: pack.id, credits: pack.credits, amount: pack.amount, currency: pack.currency, pricePer100: pricePer100(pack) })),
    plan: { id: PREMIUM_PLAN.id, monthlyCredits: PREMIUM_PLAN.monthlyCredits, amount: PREMIUM_PLAN.amount, currency: PREMIUM_PLAN.currency, interval: PREMIUM_PLAN.interval },
  };
}
