import { Alert } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useSystemStatusQuery } from '~/features/maintenance/useSystemStatus';

/** Visible whenever the development sign-in is on, so nobody mistakes it for production. */
export function DevSignInBanner() {
  const t = useTranslations('auth');
  const status = useSystemStatusQuery();
  if (!status.data?.devSignIn) return null;
  return (
    <Alert color="yellow" radius={0} py={6} variant="filled" data-testid="dev-signin-banner" styles={{ message: { textAlign: 'center' } }}>
      {t('devBanner')}
    </Alert>
  );
}
