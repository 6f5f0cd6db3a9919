/**
 * Account → Billing (issue 19 item 3): the plan, the purchases and the credit history in one
 * place. Signed out, it asks to sign in.
 */
import { Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useSessionStatus } from '~/features/auth/session-status';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { useUserDetails } from '~/features/user/useUserDetails';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { CreditHistory } from './CreditHistory';
import { ACCOUNT_BILLING_PATH, PRICING_PATH } from './paths';
import { PlanStatus } from './PlanStatus';
import { PurchasesList } from './PurchasesList';
import { useCheckout } from './useCheckout';

function PlanSection() {
  const t = useTranslations('billing.account');
  const { user } = useUserDetails();
  const status = trpc.billing.status.useQuery();
  const offer = trpc.billing.offer.useQuery(undefined, { staleTime: 60_000 });
  const { manage, busy } = useCheckout();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="billing-plan">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('balanceLabel')}
          </Text>
          <Text fw={700} size="xl" c={user && user.credits < 0 ? 'red' : undefined} data-testid="billing-balance">
            {user ? t('credits', { count: user.credits }) : '\u00a0'}
          </Text>
        </Stack>
        {status.isLoading ? (
          <Skeleton height={60} width={220} />
        ) : status.data?.premium ? (
          <PlanStatus status={status.data} unavailable={offer.data?.checkout === 'off'} managing={busy === 'manage'} onManage={() => void manage()} />
        ) : (
          <Stack gap={4} align="flex-end">
            <Text fw={600}>{t('freePlan')}</Text>
            <Anchor component={Link} href={PRICING_PATH} size="sm" data-testid="billing-see-plans">
              {t('seePlans')}
            </Anchor>
          </Stack>
        )}
      </Group>
    </Paper>
  );
}

export function AccountBilling() {
  const t = useTranslations('billing.account');
  const session = useSessionStatus();
  const signIn = useSignInModal();
  return (
    <Container size="md" py="xl" data-testid="account-billing">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('body')}</Text>
      </Stack>
      {session === 'unauthenticated' ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="sm">
            <Text>{t('signInPrompt')}</Text>
            <Button onClick={() => signIn.open(ACCOUNT_BILLING_PATH)}>{t('signIn')}</Button>
          </Stack>
        </Paper>
      ) : session === 'loading' ? (
        <Skeleton height={240} radius="lg" />
      ) : (
        <Stack gap="xl">
          <PlanSection />
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('purchasesTitle')}
            </Title>
            <PurchasesList />
          </Stack>
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('historyTitle')}
            </Title>
            <CreditHistory />
          </Stack>
        </Stack>
      )}
    </Container>
  );
}
