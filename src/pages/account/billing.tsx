/** /account/billing: Account → Billing, the plan, purchases and credit history (issue 19 item 3). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { AccountBilling } from '~/features/billing/AccountBilling';
import { messagesProps, viewerProps } from '~/server/pages/page-props';

export const getServerSideProps: GetServerSideProps = async ({ req, locale }) => ({ props: { ...messagesProps(locale), ...(await viewerProps(req)) } });

export default function AccountBillingPage() {
  return (
    <>
      <Head>
        <title>Billing · Lumen Studio</title>
      </Head>
      <AccountBilling />
    </>
  );
}
