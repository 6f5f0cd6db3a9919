import Head from 'next/head';
import { CreationsBrowser } from '~/features/creations/CreationsBrowser';

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
