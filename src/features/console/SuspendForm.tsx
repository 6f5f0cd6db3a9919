/** Suspend or lift a suspension (admins), with a reason. */
import { Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export function SuspendForm({ userId, suspended }: { userId: string; suspended: boolean }) {
  const t = useTranslations('admin.suspension');
  const utils = trpc.useUtils();
  const setSuspended = trpc.admin.setSuspended.useMutation();
  return (
    <ActionForm
      title={t('title')}
      submitLabel={suspended ? t('lift') : t('suspend')}
      color={suspended ? undefined : 'red'}
      testId="suspend-form"
      send={async ({ actionId, reason }) => {
        const answer = await setSuspended.mutateAsync({ actionId, userId, suspended: !suspended, reason });
        await utils.admin.user.invalidate({ userId });
        return answer;
      }}
    >
      <Text size="sm" c="dimmed">
        {suspended ? t('liftHint') : t('suspendHint')}
      </Text>
    </ActionForm>
  );
}
