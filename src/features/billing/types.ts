/**
 * The billing shapes the UI works with (issue 19), inferred from the `billing` router so the UI
 * never drifts from what the API answers.
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '~/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['billing'];

export type Offer = Outputs['offer'];
export type CheckoutMode = Offer['checkout'];
export type Pack = Offer['packs'][number];
export type Plan = Offer['plan'];
export type BillingStatus = Outputs['status'];
export type Subscription = NonNullable<BillingStatus['subscription']>;
export type ConfirmAnswer = Outputs['confirm'];
export type Purchase = Outputs['purchases']['items'][number];
export type PurchaseStatus = Purchase['status'];
export type LocalSession = Outputs['localSession'];
export type CheckoutInput = inferRouterInputs<AppRouter>['billing']['checkout'];
