/**
 * A balance below zero (issue 19 item 9): a refund or a dispute took back a purchase's credits
 * after some of them were spent. Generating is refused until the balance covers a cost again, so
 * the shell says why, wherever the person is, with the way out.
 */
import { Alert, Anchor } from '@mantine/core';
import Link from 'next/link';
import { useTranslations } from '~/i18n';
import { useUserDetails } from '~/features/user/useUserDetails';
import { PRICING_PATH } from './paths';

export function NegativeBalanceNotice() {
  const t = useTranslations('billing.negative');
  const { user } = useUserDetails();
  if (!user || user.credits >= 0) return null;
  return (
    <Alert color="red" radius={0} py={8} variant="light" title={t('title')} data-testid="negative-balance">
      {t('body', { balance: user.credits })}{' '}
      <Anchor component={Link} href={PRICING_PATH} fw={600} size="sm" data-testid="negative-balance-link">
        {t('action')}
      </Anchor>
    </Alert>
  );
}
