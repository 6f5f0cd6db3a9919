/** /billing/success?session_id=…: where a checkout returns (issue 19 items 2, 10). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { SuccessView } from '~/features/billing/SuccessView';
import { messagesProps, viewerProps } from '~/server/pages/page-props';

export const getServerSideProps: GetServerSideProps = async ({ req, locale }) => ({ props: { ...messagesProps(locale), ...(await viewerProps(req)) } });

export default function BillingSuccessPage() {
  return (
    <>
      <Head>
        <title>Payment · Lumen Studio</title>
      </Head>
      <SuccessView />
    </>
  );
}
