import { Alert } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { isBlocked, useSystemStatus, type MaintenanceAction } from './useSystemStatus';

/** Says up front that an action is blocked (the Generate click still shows the spec's toast). */
export function MaintenanceBanner({ action = 'generate' }: { action?: MaintenanceAction }) {
  const t = useTranslations('maintenance');
  const { maintenance } = useSystemStatus();
  if (!isBlocked(maintenance, action) || !maintenance) return null;
  return (
    <Alert color="orange" variant="light" radius="md" title={t('title')} data-testid="maintenance-banner">
      {maintenance.message}
    </Alert>
  );
}
