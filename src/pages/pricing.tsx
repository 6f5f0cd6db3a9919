/**
 * /pricing: credit packs and the premium plan (issue 19 item 1). The prices come with the page, so
 * they are in its first paint (and in its HTML for anyone who links to it); nothing is fetched.
 */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { PricingView } from '~/features/billing/PricingView';
import type { Offer } from '~/features/billing/types';
import { messagesProps, viewerProps } from '~/server/pages/page-props';
import { billingOffer } from '~/server/services/billing/offer';

type Props = { offer: Offer };

export const getServerSideProps: GetServerSideProps<Props> = async ({ req, locale }) => ({
  props: { ...messagesProps(locale), ...(await viewerProps(req)), offer: billingOffer() },
});

export default function PricingPage({ offer }: Props) {
  return (
    <>
      <Head>
        <title>Pricing · Lumen Studio</title>
      </Head>
      <PricingView offer={offer} />
    </>
  );
}
