/** Change a user's role (admins), with a reason. */
import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import { ROLES, isRole, type Role } from '~/utils/staff-roles';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export function RoleForm({ userId, role }: { userId: string; role: Role }) {
  const t = useTranslations('admin.role');
  const utils = trpc.useUtils();
  const setRole = trpc.admin.setRole.useMutation();
  const [chosen, setChosen] = useState<Role>(role);
  return (
    <ActionForm
      title={t('title')}
      submitLabel={t('change')}
      testId="role-form"
      disabled={chosen === role}
      send={async ({ actionId, reason }) => {
        const answer = await setRole.mutateAsync({ actionId, userId, role: chosen, reason });
        await utils.admin.user.invalidate({ userId });
        return answer;
      }}
    >
      <NativeSelect label={t('label')} data={ROLES.map((value) => ({ value, label: t('name', { role: value }) }))} value={chosen} onChange={(event) => isRole(event.currentTarget.value) && setChosen(event.currentTarget.value)} />
    </ActionForm>
  );
}
