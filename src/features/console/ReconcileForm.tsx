/** "Reconcile the last N days" (admins): the same code as `npm run billing:reconcile`, and what it did, line by line. */
import { Code, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export function ReconcileForm() {
  const t = useTranslations('admin.payments');
  const utils = trpc.useUtils();
  const reconcile = trpc.admin.reconcilePayments.useMutation();
  const [days, setDays] = useState<number | ''>(7);
  const [report, setReport] = useState<string[] | null>(null);
  return (
    <ActionForm
      title={t('reconcileTitle')}
      submitLabel={t('reconcile')}
      testId="reconcile-form"
      disabled={days === ''}
      send={async ({ actionId, reason }) => {
        const answer = await reconcile.mutateAsync({ actionId, days: Number(days), reason });
        setReport(answer.lines);
        await Promise.all([utils.admin.purchases.invalidate(), utils.admin.subscriptions.invalidate()]);
        return answer;
      }}
    >
      <NumberInput label={t('days')} min={1} max={365} allowDecimal={false} allowNegative={false} value={days} onChange={(value) => setDays(typeof value === 'number' ? value : '')} maw={160} />
      {report ? (
        <Code block data-testid="reconcile-report">
          {report.join('\n')}
        </Code>
      ) : null}
    </ActionForm>
  );
}
