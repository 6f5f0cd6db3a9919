/**
 * /create/{appId}: the generator of one app; ?lora={id} preselects the LoRA, ?model={id} a model.
 * A result handed over from another tool (?input=, ?prompt=, ?remix=) is resolved on the server with
 * the viewer's rights, so the form opens filled and a reload keeps it.
 */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';
import type { FormValues } from '~/features/form/controls/types';
import { generatorData, loraPreset, messagesProps, viewerProps, type GeneratorData } from '~/server/pages/page-props';
import { handOverFromRequest } from '~/server/http/hand-over-request';
import type { HandOver } from '~/server/services/hand-over';

type Props = GeneratorData & { preset: FormValues | null; handOver: HandOver | null };

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, query, req, res, locale, defaultLocale }) => {
  const appId = typeof params?.appId === 'string' ? params.appId : '';
  const data = generatorData(appId);
  // An unknown app renders 'Error: App configuration not found.' with a 404 status.
  if (!data.app) res.statusCode = 404;
  const handOver = data.app ? await handOverFromRequest(req, data.app, query) : null;
  if (handOver?.moveTo) {
    const search = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (k === 'appId' || v === undefined ? [] : [[k, String(v)]]))).toString();
    const prefix = locale && locale !== defaultLocale ? `/${locale}` : '';
    return { redirect: { destination: `${prefix}/create/${handOver.moveTo}?${search}`, permanent: false } };
  }
  return { props: { ...messagesProps(locale), ...(await viewerProps(req)), ...data, preset: loraPreset(query.lora, data.models), handOver } };
};

export default function CreatePage({ app, models, preset, handOver }: Props) {
  const router = useRouter();
  return (
    <>
      <Head>
        <title>{app ? `${app.name} · Lumen Studio` : 'Lumen Studio'}</title>
      </Head>
      <GeneratorPanel
        key={router.asPath.split('#')[0]}
        app={app}
        models={models}
        modelId={handOver?.modelId ?? undefined}
        preset={preset ?? undefined}
        handOver={handOver ?? undefined}
      />
    </>
  );
}
