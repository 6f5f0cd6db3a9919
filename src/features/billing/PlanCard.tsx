/**
 * The premium plan on /pricing: its monthly price and credits, and what premium gives
 * (core-flow §1, §6: the shorter queue wait, private results, recent creations). A premium user
 * sees their plan's status instead of the button.
 */
import { Button, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { WAIT_TIME } from '~/catalogue/public';
import { useLocale, useTranslations } from '~/i18n';
import { formatMoney } from './money';
import { PlanStatus } from './PlanStatus';
import type { BillingStatus, Plan } from './types';

export type PlanCardProps = {
  plan: Plan;
  /** billing.status for a signed-in user (null: signed out or not known yet). */
  status: BillingStatus | null;
  /** Signed in and billing.status not answered yet: neither the button nor the plan shows. */
  statusLoading: boolean;
  unavailable: boolean;
  busy: 'subscribe' | 'manage' | null;
  onSubscribe: () => void;
  onManage: () => void;
};

export function PlanCard({ plan, status, statusLoading, unavailable, busy, onSubscribe, onManage }: PlanCardProps) {
  const t = useTranslations('billing.pricing');
  const locale = useLocale();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid="plan-card"
      data-plan={plan.id}
      style={{ borderColor: 'var(--mantine-color-violet-5)', borderWidth: 2 }}
    >
      <Stack gap="sm">
        <Title order={3}>{t('planTitle')}</Title>
        <Text fw={700} size="28px" lh={1.1} data-testid="plan-price">
          {t('perMonth', { price: formatMoney(plan.amount, plan.currency, locale) })}
        </Text>
        <List spacing={6} size="sm" data-testid="plan-benefits">
          <List.Item>{t('planCredits', { count: plan.monthlyCredits })}</List.Item>
          <List.Item>{t('planWait', { premium: WAIT_TIME.premium, free: WAIT_TIME.free })}</List.Item>
          <List.Item>{t('planPrivate')}</List.Item>
          <List.Item>{t('planRecent')}</List.Item>
        </List>
        {statusLoading ? (
          <Skeleton height={36} radius="xl" />
        ) : status?.premium ? (
          <PlanStatus status={status} unavailable={unavailable} managing={busy === 'manage'} onManage={onManage} />
        ) : (
          <>
            <Button
              radius="xl"
              variant="gradient"
              gradient={{ from: 'violet', to: 'pink' }}
              onClick={onSubscribe}
              loading={busy === 'subscribe'}
              disabled={unavailable}
              data-testid="plan-subscribe"
            >
              {unavailable ? t('unavailable') : t('subscribe')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('renewsMonthly')}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
