import { Alert } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';

/** Visible whenever the development sign-in is on, so nobody mistakes it for production. */
export function DevSignInBanner() {
  const t = useTranslations('auth');
  const status = trpc.system.status.useQuery(undefined, { staleTime: Infinity });
  if (!status.data?.devSignIn) return null;
  return (
    <Alert color="yellow" radius={0} py={6} variant="filled" data-testid="dev-signin-banner" styles={{ message: { textAlign: 'center' } }}>
      {t('devBanner')}
    </Alert>
  );
}
