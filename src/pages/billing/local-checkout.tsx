/** /billing/local-checkout?session=…: the local stand-in for a hosted checkout (issue 19 item 14). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { LocalCheckoutView } from '~/features/billing/LocalCheckoutView';
import { messagesProps, viewerProps } from '~/server/pages/page-props';

export const getServerSideProps: GetServerSideProps = async ({ req, locale }) => ({ props: { ...messagesProps(locale), ...(await viewerProps(req)) } });

export default function LocalCheckoutPage() {
  return (
    <>
      <Head>
        <title>Local checkout · Lumen Studio</title>
      </Head>
      <LocalCheckoutView />
    </>
  );
}
