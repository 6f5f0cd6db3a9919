/** Maintenance from the console (on /admin): as it stands, and for admins the switch and its text. */
import { Alert, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import { roleCovers, type StaffRole } from '~/utils/staff-roles';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export function MaintenanceSwitch({ role }: { role: StaffRole }) {
  const t = useTranslations('admin.maintenance');
  const utils = trpc.useUtils();
  const state = trpc.admin.maintenance.useQuery();
  const setMaintenance = trpc.admin.setMaintenance.useMutation();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (!state.data) return null;
  const current = state.data;
  const wanted = enabled ?? !current.enabled;
  const status = (
    <Alert color={current.enabled ? 'orange' : 'teal'} data-testid="maintenance-state" data-enabled={String(current.enabled)}>
      <Text fw={600}>{current.enabled ? t('on') : t('off')}</Text>
      {current.enabled ? <Text size="sm">{current.message}</Text> : null}
      {current.forcedByEnvironment ? <Text size="sm">{t('forced')}</Text> : null}
    </Alert>
  );
  if (!roleCovers(role, 'admin')) return status;
  return (
    <>
      {status}
      <ActionForm
        title={t('title')}
        submitLabel={wanted ? t('switchOn') : t('switchOff')}
        color={wanted ? 'orange' : undefined}
        testId="maintenance-form"
        send={async ({ actionId, reason }) => {
          const answer = await setMaintenance.mutateAsync({ actionId, enabled: wanted, message: wanted ? (message ?? current.consoleMessage) : current.consoleMessage, reason });
          setEnabled(null);
          await utils.admin.maintenance.invalidate();
          return answer;
        }}
      >
        <Switch label={t('enabled')} checked={wanted} onChange={(event) => setEnabled(event.currentTarget.checked)} data-testid="maintenance-enabled" />
        {wanted ? <Textarea label={t('message')} description={t('messageHint')} value={message ?? current.consoleMessage ?? ''} onChange={(event) => setMessage(event.currentTarget.value)} maxLength={500} autosize minRows={2} /> : null}
      </ActionForm>
    </>
  );
}
