/**
 * A payment as billing grants it (who paid, how much, for which pack or plan) and what a grant
 * answers. grants.ts makes sales and pack-grant.ts records a pack's; both read these types here.
 */
import type { CreditPack, Plan } from './catalogue';

export type PackSale = {
  sessionId: string;
  userId: string;
  pack: CreditPack;
  amount: number;
  currency: string;
  paymentIntentId: string | null;
  receiptUrl: string | null;
};

export type PlanSale = {
  invoiceId: string;
  userId: string;
  plan: Plan;
  amount: number;
  currency: string;
  paymentIntentId: string | null;
  receiptUrl: string | null;
};

export type GrantResult = { granted: boolean; credits: number; userId: string; purchaseId: string };
