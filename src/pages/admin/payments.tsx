/** /admin/payments: purchases, subscriptions and reconciling (staff only; anyone else gets the 404 of a missing page). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { ConsoleFrame } from '~/features/console/ConsoleFrame';
import { PaymentsTables } from '~/features/console/PaymentsTables';
import { ReconcileForm } from '~/features/console/ReconcileForm';
import { useTranslations } from '~/i18n';
import { consolePageProps, type ConsolePageProps } from '~/server/pages/console-page';
import { roleCovers } from '~/utils/staff-roles';

export const getServerSideProps: GetServerSideProps<ConsolePageProps> = (context) => consolePageProps(context);

export default function ConsolePaymentsPage({ role }: ConsolePageProps) {
  const t = useTranslations('admin.nav');
  return (
    <>
      <Head>
        <title>{`${t('payments')} · ${t('console')} · Lumen Studio`}</title>
      </Head>
      <ConsoleFrame role={role} title={t('payments')}>
        {roleCovers(role, 'admin') ? <ReconcileForm /> : null}
        <PaymentsTables role={role} />
      </ConsoleFrame>
    </>
  );
}
