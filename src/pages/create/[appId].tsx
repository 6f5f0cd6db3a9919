/** /create/{appId}: the generator of one app; ?lora={id} preselects the LoRA, ?model={id} a model. */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';
import type { FormValues } from '~/features/form/controls/types';
import { generatorData, loraPreset, messagesProps, type GeneratorData } from '~/server/pages/page-props';

type Props = GeneratorData & { preset: FormValues | null };

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, query, res, locale }) => {
  const appId = typeof params?.appId === 'string' ? params.appId : '';
  const data = generatorData(appId);
  // An unknown app renders 'Error: App configuration not found.' with a 404 status.
  if (!data.app) res.statusCode = 404;
  return { props: { ...messagesProps(locale), ...data, preset: loraPreset(query.lora, data.models) } };
};

export default function CreatePage({ app, models, preset }: Props) {
  const router = useRouter();
  const loraId = typeof router.query.lora === 'string' ? router.query.lora : undefined;
  return (
    <>
      <Head>
        <title>{app ? `${app.name} · Lumen Studio` : 'Lumen Studio'}</title>
      </Head>
      <GeneratorPanel
        key={`${app?.id ?? ''}|${loraId ?? ''}|${typeof router.query.model === 'string' ? router.query.model : ''}`}
        app={app}
        models={models}
        preset={preset ?? undefined}
      />
    </>
  );
}
