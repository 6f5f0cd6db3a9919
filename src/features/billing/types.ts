/**
 * The billing shapes the UI works with (issue 19; /work/notes/billing-contract.md). Written from
 * the contract until the `billing` router lands; then inferred from it, so the UI never drifts
 * from what the API answers.
 */
export type CheckoutMode = 'stripe' | 'local' | 'off';

export type Pack = { id: string; credits: number; amount: number; currency: string; pricePer100: number };
export type Plan = { id: string; monthlyCredits: number; amount: number; currency: string; interval: 'month' };
export type Offer = { checkout: CheckoutMode; packs: Pack[]; plan: Plan };

export type Subscription = { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date; premiumUntil: Date | null };
export type BillingStatus = { premium: boolean; subscription: Subscription | null; hasCustomer: boolean };

export type ConfirmAnswer = { state: 'granted' | 'pending' | 'unpaid'; credits: number; balance: number; item: string };

export type PurchaseStatus = 'paid' | 'refunded' | 'partially_refunded' | 'disputed';
export type Purchase = {
  id: string;
  createdAt: Date;
  item: string;
  kind: 'pack' | 'plan';
  credits: number;
  amount: number;
  currency: string;
  status: PurchaseStatus;
  receiptUrl: string | null;
};

export type LocalSession = {
  id: string;
  item: string;
  kind: 'pack' | 'plan';
  credits: number;
  amount: number;
  currency: string;
  state: 'open' | 'complete' | 'expired';
  successUrl: string;
  cancelUrl: string;
};
