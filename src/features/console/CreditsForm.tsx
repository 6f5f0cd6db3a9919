/** Grant or deduct credits (admins): an amount and a reason; below zero only when ticked. */
import { Checkbox, SegmentedControl, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';
import { wholeNumber } from './whole-number';

export function CreditsForm({ userId }: { userId: string }) {
  const t = useTranslations('admin.credits');
  const utils = trpc.useUtils();
  const adjust = trpc.admin.adjustCredits.useMutation();
  const [direction, setDirection] = useState<'grant' | 'deduct'>('grant');
  const [amount, setAmount] = useState('');
  const magnitude = wholeNumber(amount);
  const [allowNegative, setAllowNegative] = useState(false);
  return (
    <ActionForm
      title={t('title')}
      submitLabel={direction === 'grant' ? t('grant') : t('deduct')}
      color={direction === 'deduct' ? 'red' : undefined}
      testId="credits-form"
      disabled={magnitude === null || magnitude <= 0}
      send={async ({ actionId, reason }) => {
        const credits = magnitude ?? 0;
        const answer = await adjust.mutateAsync({ actionId, userId, amount: direction === 'grant' ? credits : -credits, reason, allowNegative: direction === 'deduct' && allowNegative });
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
      <TextInput type="number" inputMode="numeric" min={1} step={1} label={t('amount')} value={amount} onChange={(event) => setAmount(event.currentTarget.value)} data-testid="credits-amount" />
      {direction === 'deduct' ? <Checkbox label={t('allowNegative')} checked={allowNegative} onChange={(event) => setAllowNegative(event.currentTarget.checked)} /> : null}
    </ActionForm>
  );
}
