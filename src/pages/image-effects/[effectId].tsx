/** /image-effects/{effectId}: one image effect, with the generator preset to it. */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { EffectHeader, EffectNotFound } from '~/features/generator/pages/EffectHeader';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';
import { effectPageData, messagesProps, type EffectPageData } from '~/server/pages/page-props';

type Props = EffectPageData;

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, res, locale }) => {
  const effectId = typeof params?.effectId === 'string' ? params.effectId : '';
  const data = effectPageData(effectId);
  if (!data.effect) res.statusCode = 404;
  return { props: { ...messagesProps(locale), ...data } };
};

export default function ImageEffectPage({ effect, effects, app, models, modelId }: Props) {
  if (!effect) return <EffectNotFound />;
  return (
    <>
      <Head>
        <title>{`${effect.name} · Lumen Studio`}</title>
      </Head>
      <GeneratorPanel
        key={effect.id}
        app={app}
        models={models}
        modelId={modelId}
        preset={{ effect_template_id: effect.id }}
        header={<EffectHeader effect={effect} effects={effects} />}
      />
    </>
  );
}
