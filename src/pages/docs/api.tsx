/** /docs/api: the REST API's reference, rendered from GET /api/v1/openapi.json (issue 37). */
import { Skeleton } from '@mantine/core';
import type { GetServerSideProps } from 'next';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { messagesProps, viewerProps } from '~/server/pages/page-props';

// The renderer is large: it loads here only, after the page, never with another page's scripts.
const ApiReference = dynamic(() => import('~/features/developers/ApiReference'), { ssr: false, loading: () => <Skeleton height={480} m="md" /> });

export const getServerSideProps: GetServerSideProps = async ({ req, locale }) => ({ props: { ...messagesProps(locale), ...(await viewerProps(req)) } });

export default function ApiDocsPage() {
  return (
    <>
      <Head>
        <title>API reference · Lumen Studio</title>
      </Head>
      <ApiReference />
    </>
  );
}
