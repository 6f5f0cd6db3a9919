import type { GetStaticProps } from 'next';
import Head from 'next/head';
import { CreationsBrowser } from '~/features/creations/CreationsBrowser';
import type { ModelOption } from '~/features/creations/CreationsFilters';
import { creationsPageData, messagesProps } from '~/server/pages/page-props';

type Props = { models: ModelOption[] };

export const getStaticProps: GetStaticProps<Props> = ({ locale }) => ({ props: { ...messagesProps(locale), ...creationsPageData() } });

export default function CreationsPage({ models }: Props) {
  return (
    <>
      <Head>
        <title>My creations · Lumen Studio</title>
      </Head>
      <CreationsBrowser models={models} />
    </>
  );
}
