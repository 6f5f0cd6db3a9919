/** /billing/local-portal: what Manage subscription opens on a server with the local checkout. */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { LocalPortalView } from '~/features/billing/LocalPortalView';
import { messagesProps, viewerProps } from '~/server/pages/page-props';

export const getServerSideProps: GetServerSideProps = async ({ req, locale }) => ({ props: { ...messagesProps(locale), ...(await viewerProps(req)) } });

export default function LocalPortalPage() {
  return (
    <>
      <Head>
        <title>Subscription · Lumen Studio</title>
      </Head>
      <LocalPortalView />
    </>
  );
}
