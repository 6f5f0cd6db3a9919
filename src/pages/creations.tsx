import type { GetStaticProps } from 'next';
import Head from 'next/head';
import { CreationsBrowser } from '~/features/creations/CreationsBrowser';
import { messagesProps } from '~/server/pages/page-props';

export const getStaticProps: GetStaticProps = ({ locale }) => ({ props: messagesProps(locale) });

export default function CreationsPage() {
  return (
    <>
      <Head>
        <title>My creations · Lumen Studio</title>
      </Head>
      <CreationsBrowser />
    </>
  );
}
