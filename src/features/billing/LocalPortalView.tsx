/**
 * /billing/local-portal: where Manage subscription leads on a server with the local checkout. It
 * stands in for Stripe's customer portal (which the button opens when Stripe is configured): it
 * says what that portal does, shows the plan, and changes it the way the portal would
 * (billing.localPortalAction: cancel at period end, keep, cancel now; blocked by maintenance).
 */
import { Alert, Anchor, Button, Container, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useState } from 'react';
import { appCodeOf, describeRequestFailure } from '~/features/errors/request-error';
import { isBlocked, useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { showToast } from '~/features/toast/toast';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { MAINTENANCE_TOAST_MS } from './flow/start-checkout';
import { ACCOUNT_BILLING_PATH, PRICING_PATH } from './paths';
import { PlanStatus } from './PlanStatus';

type PortalAction = 'cancel_at_period_end' | 'resume' | 'cancel_now';

export function LocalPortalView() {
  const t = useTranslations('billing.portal');
  const tMaintenance = useTranslations('maintenance');
  const { maintenance } = useSystemStatus();
  const utils = trpc.useUtils();
  const status = trpc.billing.status.useQuery();
  const act = trpc.billing.localPortalAction.useMutation();
  const [acting, setActing] = useState<PortalAction | null>(null);

  const run = async (action: PortalAction) => {
    const maintenanceToast = (message: string) => showToast({ title: tMaintenance('title'), description: message, variant: 'destructive', durationMs: MAINTENANCE_TOAST_MS });
    if (isBlocked(maintenance, 'subscription') && maintenance) return maintenanceToast(maintenance.message);
    setActing(action);
    try {
      const next = await act.mutateAsync({ action });
      utils.billing.status.setData(undefined, next);
      void utils.billing.status.invalidate();
      void utils.user.details.invalidate();
    } catch (failure) {
      if (appCodeOf(failure) === 'maintenance') maintenanceToast(failure instanceof Error ? failure.message : '');
      else showToast({ title: t('title'), description: describeRequestFailure('subscription', failure).message, variant: 'destructive' });
    } finally {
      setActing(null);
    }
  };

  const subscription = status.data?.premium ? status.data.subscription : null;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p="xl" data-testid="local-portal">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Alert color="yellow" variant="light" radius="md">
            {t('local')}
          </Alert>
          <Text>{t('body')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('cancel')}</List.Item>
            <List.Item>{t('payment')}</List.Item>
            <List.Item>{t('invoices')}</List.Item>
          </List>
          {status.isLoading ? (
            <Skeleton height={60} />
          ) : status.data?.premium ? (
            <PlanStatus status={status.data} />
          ) : (
            <Text data-testid="local-portal-no-plan">
              {t('noPlan')}{' '}
              <Anchor component={Link} href={PRICING_PATH}>
                {t('seePlans')}
              </Anchor>
            </Text>
          )}
          <Group>
            {subscription ? (
              <>
                {subscription.cancelAtPeriodEnd ? (
                  // Keys: two buttons, not one whose props change (its loader would fade over the other's label).
                  <Button key="resume" radius="xl" onClick={() => void run('resume')} loading={acting === 'resume'} disabled={acting !== null} data-testid="portal-resume">
                    {t('resume')}
                  </Button>
                ) : (
                  <Button key="cancel-at-period-end" radius="xl" variant="default" onClick={() => void run('cancel_at_period_end')} loading={acting === 'cancel_at_period_end'} disabled={acting !== null} data-testid="portal-cancel-at-period-end">
                    {t('cancelAtPeriodEnd')}
                  </Button>
                )}
                <Button radius="xl" variant="light" color="red" onClick={() => void run('cancel_now')} loading={acting === 'cancel_now'} disabled={acting !== null} data-testid="portal-cancel-now">
                  {t('cancelNow')}
                </Button>
              </>
            ) : null}
            <Button component={Link} href={ACCOUNT_BILLING_PATH} variant="subtle" radius="xl">
              {t('back')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
