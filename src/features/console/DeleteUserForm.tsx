/** Delete an account (admins), with a reason: the owner's own deletion, on the record. */
import { Text } from '@mantine/core';
import { useRouter } from 'next/router';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export function DeleteUserForm({ userId }: { userId: string }) {
  const t = useTranslations('admin.deletion');
  const router = useRouter();
  const deleteUser = trpc.admin.deleteUser.useMutation();
  return (
    <ActionForm
      title={t('title')}
      submitLabel={t('submit')}
      color="red"
      testId="delete-user-form"
      send={async ({ actionId, reason }) => {
        const answer = await deleteUser.mutateAsync({ actionId, userId, reason });
        await router.push('/admin/users');
        return answer;
      }}
    >
      <Text size="sm" c="dimmed">
        {t('hint')}
      </Text>
    </ActionForm>
  );
}
