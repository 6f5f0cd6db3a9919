/** /image-effects/{effectId}: one image effect, with the generator preset to it. */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { EffectHeader, EffectNotFound } from '~/features/generator/pages/EffectHeader';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';
import { effectPageData, messagesProps, viewerProps, type EffectPageData } from '~/server/pages/page-props';

type Props = EffectPageData;

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, req, res, locale }) => {
  const effectId = typeof params?.effectId === 'string' ? params.effectId : '';
  const data = effectPageData(effectId);
  if (!data.effect) res.statusCode = 404;
  return { props: { ...messagesProps(locale), ...(await viewerProps(req)), ...data } };
};

export default function ImageEffectPage({ effect: first, effects, app, models, modelId }: Props) {
  const router = useRouter();
  // Picking another effect changes the address shallowly (no new page props): the route names it.
  const routed = typeof router.query.effectId === 'string' ? effects.find((e) => e.id === router.query.effectId) : undefined;
  const effect = routed ?? first;
  if (!effect) return <EffectNotFound />;
  return (
    <>
      <Head>
        <title>{`${effect.name} · Lumen Studio`}</title>
      </Head>
      {/* One generator for every effect: switching effects keeps the photo and settings. */}
      <GeneratorPanel
        app={app}
        models={models}
        modelId={modelId}
        preset={{ effect_template_id: effect.id }}
        header={<EffectHeader effect={effect} effects={effects} />}
      />
    </>
  );
}
