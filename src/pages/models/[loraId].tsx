/** /models/{lora-id}: a LoRA's details with its create link create/flux-lora?lora={id} (core-flow §2). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { LoraDetails, LoraNotFound } from '~/features/generator/pages/LoraDetails';
import { loraPageData, messagesProps, viewerProps, type LoraPageData } from '~/server/pages/page-props';

type Props = LoraPageData;

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, req, res, locale }) => {
  const loraId = typeof params?.loraId === 'string' ? params.loraId : '';
  const data = loraPageData(loraId);
  if (!data.lora) res.statusCode = 404;
  return { props: { ...messagesProps(locale), ...(await viewerProps(req)), ...data } };
};

export default function LoraDetailsPage({ lora, others }: Props) {
  if (!lora) return <LoraNotFound />;
  return (
    <>
      <Head>
        <title>{`${lora.label} · Lumen Studio`}</title>
      </Head>
      <LoraDetails lora={lora} others={others} />
    </>
  );
}
