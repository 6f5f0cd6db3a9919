/** Grant or deduct credits (admins): an amount and a reason; below zero only when ticked. */
import { Checkbox, NumberInput, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export function CreditsForm({ userId }: { userId: string }) {
  const t = useTranslations('admin.credits');
  const utils = trpc.useUtils();
  const adjust = trpc.admin.adjustCredits.useMutation();
  const [direction, setDirection] = useState<'grant' | 'deduct'>('grant');
  const [amount, setAmount] = useState<number | ''>('');
  const [allowNegative, setAllowNegative] = useState(false);
  return (
    <ActionForm
      title={t('title')}
      submitLabel={direction === 'grant' ? t('grant') : t('deduct')}
      color={direction === 'deduct' ? 'red' : undefined}
      testId="credits-form"
      disabled={amount === '' || amount <= 0}
      send={async ({ actionId, reason }) => {
        const magnitude = Number(amount);
        const answer = await adjust.mutateAsync({ actionId, userId, amount: direction === 'grant' ? magnitude : -magnitude, reason, allowNegative: direction === 'deduct' && allowNegative });
        setAmount('');
        await Promise.all([utils.admin.user.invalidate({ userId }), utils.admin.userLedger.invalidate({ userId })]);
        return answer;
      }}
    >
      <SegmentedControl
        value={direction}
        onChange={(value) => setDirection(value === 'deduct' ? 'deduct' : 'grant')}
        data={[
          { value: 'grant', label: t('grant') },
          { value: 'deduct', label: t('deduct') },
        ]}
      />
      <NumberInput label={t('amount')} min={1} allowDecimal={false} allowNegative={false} value={amount} onChange={(value) => setAmount(typeof value === 'number' ? value : '')} data-testid="credits-amount" />
      {direction === 'deduct' ? <Checkbox label={t('allowNegative')} checked={allowNegative} onChange={(event) => setAllowNegative(event.currentTarget.checked)} /> : null}
    </ActionForm>
  );
}
