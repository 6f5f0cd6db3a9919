/** /models/{lora-id}: a LoRA's details with its create link create/flux-lora?lora={id} (core-flow §2). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { getLora } from '~/catalogue';
import { LoraDetails, LoraNotFound } from '~/features/generator/pages/LoraDetails';

type Props = { loraId: string };

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, res }) => {
  const loraId = typeof params?.loraId === 'string' ? params.loraId : '';
  if (!getLora(loraId)) res.statusCode = 404;
  return { props: { loraId } };
};

export default function LoraDetailsPage({ loraId }: Props) {
  const lora = getLora(loraId);
  if (!lora) return <LoraNotFound />;
  return (
    <>
      <Head>
        <title>{`${lora.label} · Lumen Studio`}</title>
      </Head>
      <LoraDetails lora={lora} />
    </>
  );
}
