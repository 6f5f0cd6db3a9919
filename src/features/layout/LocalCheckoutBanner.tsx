import { Alert } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';

/** Visible whenever the local checkout stands in for payments, so nobody takes its purchases for real ones. */
export function LocalCheckoutBanner() {
  const t = useTranslations('billing.local');
  const { localCheckout } = useSystemStatus();
  if (!localCheckout) return null;
  return (
    <Alert color="grape" radius={0} py={6} variant="filled" data-testid="local-checkout-banner" styles={{ message: { textAlign: 'center' } }}>
      {t('banner')}
    </Alert>
  );
}
