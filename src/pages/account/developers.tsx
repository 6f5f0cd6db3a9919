/** /account/developers: Account → Developers, API keys (issue 37). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { DevelopersView } from '~/features/developers/DevelopersView';
import { messagesProps, viewerProps } from '~/server/pages/page-props';

export const getServerSideProps: GetServerSideProps = async ({ req, locale }) => ({ props: { ...messagesProps(locale), ...(await viewerProps(req)) } });

export default function AccountDevelopersPage() {
  return (
    <>
      <Head>
        <title>Developers · Lumen Studio</title>
      </Head>
      <DevelopersView />
    </>
  );
}
