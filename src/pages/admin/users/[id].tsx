/** /admin/users/[id]: one user as the console shows them (staff only; anyone else gets the 404 of a missing page). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { ConsoleFrame } from '~/features/console/ConsoleFrame';
import { UserProfile } from '~/features/console/UserProfile';
import { useTranslations } from '~/i18n';
import { consolePageProps, type ConsolePageProps } from '~/server/pages/console-page';

export const getServerSideProps: GetServerSideProps<ConsolePageProps> = (context) => consolePageProps(context);

export default function ConsoleUserPage({ role }: ConsolePageProps) {
  const t = useTranslations('admin.nav');
  const { query } = useRouter();
  const userId = typeof query.id === 'string' ? query.id : '';
  return (
    <>
      <Head>
        <title>{`${t('user')} · ${t('console')} · Lumen Studio`}</title>
      </Head>
      <ConsoleFrame role={role} title={t('user')}>
        <UserProfile key={userId} userId={userId} role={role} />
      </ConsoleFrame>
    </>
  );
}
