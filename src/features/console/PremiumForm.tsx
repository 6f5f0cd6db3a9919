/** Premium by hand (admins): on, with an optional end date, or off; with a reason. */
import { Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export function PremiumForm({ userId, byHand }: { userId: string; byHand: boolean }) {
  const t = useTranslations('admin.premium');
  const utils = trpc.useUtils();
  const setPremium = trpc.admin.setPremium.useMutation();
  const [on, setOn] = useState(!byHand);
  const [until, setUntil] = useState('');
  return (
    <ActionForm
      title={t('title')}
      submitLabel={on ? t('give') : t('take')}
      testId="premium-form"
      send={async ({ actionId, reason }) => {
        const answer = await setPremium.mutateAsync({ actionId, userId, on, until: on && until ? new Date(until) : null, reason });
        await utils.admin.user.invalidate({ userId });
        return answer;
      }}
    >
      <Switch label={t('on')} checked={on} onChange={(event) => setOn(event.currentTarget.checked)} />
      {on ? <TextInput type="datetime-local" label={t('until')} description={t('untilHint')} value={until} onChange={(event) => setUntil(event.currentTarget.value)} /> : null}
    </ActionForm>
  );
}
