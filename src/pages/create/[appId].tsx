/** /create/{appId}: the generator of one app; ?lora={id} preselects the LoRA, ?model={id} a model. */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { getApp, getLora } from '~/catalogue';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';

type Props = { appId: string };

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, res }) => {
  const appId = typeof params?.appId === 'string' ? params.appId : '';
  // An unknown app renders 'Error: App configuration not found.' with a 404 status.
  if (!getApp(appId)) res.statusCode = 404;
  return { props: { appId } };
};

export default function CreatePage({ appId }: Props) {
  const router = useRouter();
  const app = getApp(appId);
  const loraId = typeof router.query.lora === 'string' ? router.query.lora : undefined;
  const preset = loraId && getLora(loraId) ? { lora: loraId } : undefined;
  return (
    <>
      <Head>
        <title>{app ? `${app.name} · Lumen Studio` : 'Lumen Studio'}</title>
      </Head>
      <GeneratorPanel key={`${appId}|${loraId ?? ''}|${typeof router.query.model === 'string' ? router.query.model : ''}`} appId={appId} preset={preset} />
    </>
  );
}
