import { billingOffer } from '~/server/services/billing/offer';
import { publicProcedure } from '~/server/trpc/procedures';
import { offerOutput } from './offer.schema';

/** The packs and the plan with their prices, and how people pay here (services/billing/catalogue.ts). */
export const offer = publicProcedure.output(offerOutput).query(() => billingOffer());
