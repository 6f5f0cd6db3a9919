/** /admin: the console's overview and the maintenance switch (staff only; anyone else gets the 404 of a missing page). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { ConsoleFrame } from '~/features/console/ConsoleFrame';
import { MaintenanceSwitch } from '~/features/console/MaintenanceSwitch';
import { Overview } from '~/features/console/Overview';
import { useTranslations } from '~/i18n';
import { consolePageProps, type ConsolePageProps } from '~/server/pages/console-page';

export const getServerSideProps: GetServerSideProps<ConsolePageProps> = (context) => consolePageProps(context);

export default function ConsoleOverviewPage({ role }: ConsolePageProps) {
  const t = useTranslations('admin.nav');
  return (
    <>
      <Head>
        <title>{`${t('console')} · Lumen Studio`}</title>
      </Head>
      <ConsoleFrame role={role} title={t('overview')}>
        <MaintenanceSwitch role={role} />
        <Overview />
      </ConsoleFrame>
    </>
  );
}
