/** /image-effects/{effectId}: one image effect, with the generator preset to it. */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { getImageEffect } from '~/catalogue';
import { EFFECT_APP_ID, EffectHeader, EffectNotFound, IMAGE_EFFECT_MODEL_ID } from '~/features/generator/pages/EffectHeader';
import { GeneratorPanel } from '~/features/generator/GeneratorPanel';

type Props = { effectId: string };

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, res }) => {
  const effectId = typeof params?.effectId === 'string' ? params.effectId : '';
  if (!getImageEffect(effectId)) res.statusCode = 404;
  return { props: { effectId } };
};

export default function ImageEffectPage({ effectId }: Props) {
  const effect = getImageEffect(effectId);
  if (!effect) return <EffectNotFound />;
  return (
    <>
      <Head>
        <title>{`${effect.name} · Lumen Studio`}</title>
      </Head>
      <GeneratorPanel
        key={effectId}
        appId={EFFECT_APP_ID}
        modelId={IMAGE_EFFECT_MODEL_ID}
        preset={{ effect_template_id: effect.id }}
        header={<EffectHeader effect={effect} />}
      />
    </>
  );
}
