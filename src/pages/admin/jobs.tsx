/** /admin/jobs: every generation, filtered (staff only; anyone else gets the 404 of a missing page). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { ConsoleFrame } from '~/features/console/ConsoleFrame';
import { JobsPage } from '~/features/console/JobsPage';
import { useTranslations } from '~/i18n';
import { consolePageProps, jobFilterChoices, type ConsolePageProps } from '~/server/pages/console-page';

type Props = ConsolePageProps & ReturnType<typeof jobFilterChoices>;

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const result = await consolePageProps(context);
  return 'props' in result ? { props: { ...(await result.props), ...jobFilterChoices() } } : result;
};

export default function ConsoleJobsPage({ role, models, platforms }: Props) {
  const t = useTranslations('admin.nav');
  return (
    <>
      <Head>
        <title>{`${t('jobs')} · ${t('console')} · Lumen Studio`}</title>
      </Head>
      <ConsoleFrame role={role} title={t('jobs')}>
        <JobsPage role={role} models={models} platforms={platforms} />
      </ConsoleFrame>
    </>
  );
}
