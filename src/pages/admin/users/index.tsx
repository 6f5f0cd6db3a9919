/** /admin/users: the console's user search (staff only; anyone else gets the 404 of a missing page). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { ConsoleFrame } from '~/features/console/ConsoleFrame';
import { UserSearch } from '~/features/console/UserSearch';
import { useTranslations } from '~/i18n';
import { consolePageProps, type ConsolePageProps } from '~/server/pages/console-page';

export const getServerSideProps: GetServerSideProps<ConsolePageProps> = (context) => consolePageProps(context);

export default function ConsoleUsersPage({ role }: ConsolePageProps) {
  const t = useTranslations('admin.nav');
  return (
    <>
      <Head>
        <title>{`${t('users')} · ${t('console')} · Lumen Studio`}</title>
      </Head>
      <ConsoleFrame role={role} title={t('users')}>
        <UserSearch />
      </ConsoleFrame>
    </>
  );
}
