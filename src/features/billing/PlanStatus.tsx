/**
 * "Your plan" for a premium user (issue 19 item 1): the renewal date, or the end date once the
 * subscription is cancelled at period end, and Manage subscription. Shown on /pricing and in
 * Account → Billing.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useFormatter, useTranslations } from '~/i18n';
import type { BillingStatus } from './types';

export type PlanStatusProps = {
  status: BillingStatus;
  /** Checkout is 'off': there is no provider's portal to open. */
  unavailable?: boolean;
  managing?: boolean;
  /** Without it (the local portal page itself) there is no Manage button. */
  onManage?: () => void;
};

export function PlanStatus({ status, unavailable, managing, onManage }: PlanStatusProps) {
  const t = useTranslations('billing.plan');
  const format = useFormatter();
  const subscription = status.subscription;
  const date = (d: Date) => format.dateTime(new Date(d), { dateStyle: 'long' });
  // A plan cancelled at period end stays premium until then; premiumUntil covers a payment grace period.
  const line = !subscription
    ? t('activeWithoutSubscription')
    : subscription.cancelAtPeriodEnd
      ? t('endsOn', { date: date(subscription.currentPeriodEnd) })
      : subscription.status === 'past_due'
        ? t('pastDue', { date: date(subscription.premiumUntil ?? subscription.currentPeriodEnd) })
        : t('renewsOn', { date: date(subscription.currentPeriodEnd) });
  return (
    <Stack gap="xs" data-testid="plan-status">
      <Group gap="xs">
        <Badge variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
          {t('yourPlan')}
        </Badge>
        <Text fw={600}>{t('premium')}</Text>
      </Group>
      <Text size="sm" c={subscription?.status === 'past_due' ? 'orange' : 'dimmed'} data-testid="plan-status-line">
        {line}
      </Text>
      {onManage && (subscription || status.hasCustomer) ? (
        <Button variant="default" radius="xl" onClick={onManage} loading={managing} disabled={unavailable} data-testid="manage-subscription">
          {unavailable ? t('unavailable') : t('manage')}
        </Button>
      ) : null}
    </Stack>
  );
}
