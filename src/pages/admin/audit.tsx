/** /admin/audit: the audit log (admins only; anyone else gets the 404 of a missing page). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { AuditLog } from '~/features/console/AuditLog';
import { ConsoleFrame } from '~/features/console/ConsoleFrame';
import { useTranslations } from '~/i18n';
import { consolePageProps, type ConsolePageProps } from '~/server/pages/console-page';

export const getServerSideProps: GetServerSideProps<ConsolePageProps> = (context) => consolePageProps(context, 'admin');

export default function ConsoleAuditPage({ role }: ConsolePageProps) {
  const t = useTranslations('admin.nav');
  return (
    <>
      <Head>
        <title>{`${t('audit')} · ${t('console')} · Lumen Studio`}</title>
      </Head>
      <ConsoleFrame role={role} title={t('audit')}>
        <AuditLog />
      </ConsoleFrame>
    </>
  );
}
