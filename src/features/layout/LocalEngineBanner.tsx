import { Alert } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';

/** Visible whenever the local engine serves requests, so nobody takes its previews for real outputs. */
export function LocalEngineBanner() {
  const t = useTranslations('availability');
  const { localEngine } = useSystemStatus();
  if (!localEngine) return null;
  return (
    <Alert color="blue" radius={0} py={6} variant="filled" data-testid="local-engine-banner" styles={{ message: { textAlign: 'center' } }}>
      {t('localEngineBanner')}
    </Alert>
  );
}
