/**
 * /billing/success: where the checkout returns. Says what the payment added (or that it is still
 * being processed, and updates when it completes), with the new balance; every other state says
 * what happened and where to go next.
 */
import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ACCOUNT_BILLING_PATH, PRICING_PATH } from './paths';
import { useConfirmPurchase } from './useConfirmPurchase';

function sessionIdFrom(query: Record<string, string | string[] | undefined>): string | null {
  const value = query.session_id;
  const id = Array.isArray(value) ? value[0] : value;
  return id ? id : null;
}

export function SuccessView() {
  const t = useTranslations('billing.success');
  const router = useRouter();
  const signIn = useSignInModal();
  const view = useConfirmPurchase(router.isReady ? sessionIdFrom(router.query) : null);
  const planId = trpc.billing.offer.useQuery(undefined, { staleTime: 60_000 }).data?.plan.id;
  const waiting = !router.isReady || view.phase === 'confirming';

  const backToPricing = (
    <Button component={Link} href={PRICING_PATH} variant="default" radius="xl">
      {t('backToPricing')}
    </Button>
  );

  let body;
  if (waiting) {
    body = (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('confirming')}</Text>
      </Group>
    );
  } else if (view.phase === 'missing') {
    body = (
      <>
        <Text>{t('missing')}</Text>
        <Group>{backToPricing}</Group>
      </>
    );
  } else if (view.phase === 'signedOut') {
    body = (
      <>
        <Text>{t('signIn')}</Text>
        <Group>
          <Button radius="xl" onClick={() => signIn.open(pathWithoutLocale(router.asPath, router.locales ?? []))}>
            {t('signInButton')}
          </Button>
        </Group>
      </>
    );
  } else if (view.phase === 'failed') {
    body = (
      <>
        <Alert color="red" variant="light" radius="md">
          {view.message}
        </Alert>
        <Group>{backToPricing}</Group>
      </>
    );
  } else {
    const { answer } = view;
    const isPlan = planId !== undefined && answer.item === planId;
    body =
      answer.state === 'granted' ? (
        <>
          <Text size="lg" fw={600} data-testid="success-credits">
            {isPlan ? t('grantedPlan', { count: answer.credits }) : t('granted', { count: answer.credits })}
          </Text>
          <Text c="dimmed" data-testid="success-balance">
            {t('balance', { count: answer.balance })}
          </Text>
          <Group>
            <Button component={Link} href="/#tools" radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
              {t('startCreating')}
            </Button>
            <Button component={Link} href={ACCOUNT_BILLING_PATH} variant="default" radius="xl" data-testid="success-view-billing">
              {t('viewBilling')}
            </Button>
          </Group>
        </>
      ) : answer.state === 'pending' ? (
        <>
          <Text>{t('pending')}</Text>
          <Group gap="sm">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('checkingAgain')}
            </Text>
          </Group>
        </>
      ) : (
        <>
          <Text>{t('unpaid')}</Text>
          <Group>{backToPricing}</Group>
        </>
      );
  }

  const title =
    view.phase === 'answered'
      ? view.answer.state === 'granted'
        ? t('grantedTitle')
        : view.answer.state === 'pending'
          ? t('pendingTitle')
          : t('unpaidTitle')
      : t('title');
  const state = waiting ? 'confirming' : view.phase === 'answered' ? view.answer.state : view.phase;

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p="xl" data-testid="billing-success" data-state={state}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {body}
        </Stack>
      </Paper>
    </Container>
  );
}
