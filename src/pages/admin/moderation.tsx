/** /admin/moderation: the review queue (support and admin; anyone else gets the 404 of a missing page). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { ConsoleFrame } from '~/features/console/ConsoleFrame';
import { ModerationQueue } from '~/features/console/ModerationQueue';
import { useTranslations } from '~/i18n';
import { consolePageProps, type ConsolePageProps } from '~/server/pages/console-page';

export const getServerSideProps: GetServerSideProps<ConsolePageProps> = (context) => consolePageProps(context);

export default function ConsoleModerationPage({ role }: ConsolePageProps) {
  const t = useTranslations('admin.nav');
  return (
    <>
      <Head>
        <title>{`${t('moderation')} · ${t('console')} · Lumen Studio`}</title>
      </Head>
      <ConsoleFrame role={role} title={t('moderation')}>
        <ModerationQueue />
      </ConsoleFrame>
    </>
  );
}
