/** "Reconcile the last N days" (admins): the same code as `npm run billing:reconcile`, and what it did, line by line. */
import { Code, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';
import { wholeNumber } from './whole-number';

export function ReconcileForm() {
  const t = useTranslations('admin.payments');
  const utils = trpc.useUtils();
  const reconcile = trpc.admin.reconcilePayments.useMutation();
  const [days, setDays] = useState('7');
  const count = wholeNumber(days);
  const [report, setReport] = useState<string[] | null>(null);
  return (
    <ActionForm
      title={t('reconcileTitle')}
      submitLabel={t('reconcile')}
      testId="reconcile-form"
      disabled={count === null}
      send={async ({ actionId, reason }) => {
        const answer = await reconcile.mutateAsync({ actionId, days: count ?? 0, reason });
        setReport(answer.lines);
        await Promise.all([utils.admin.purchases.invalidate(), utils.admin.subscriptions.invalidate()]);
        return answer;
      }}
    >
      <TextInput type="number" inputMode="numeric" min={1} max={365} step={1} label={t('days')} value={days} onChange={(event) => setDays(event.currentTarget.value)} maw={160} />
      {report ? (
        <Code block data-testid="reconcile-report">
          {report.join('\n')}
        </Code>
      ) : null}
    </ActionForm>
  );
}
