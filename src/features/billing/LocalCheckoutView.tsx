/**
 * /billing/local-checkout?session=… (issue 19 item 14): the stand-in for a hosted checkout when no
 * payment provider is configured. It says plainly that no money moves, shows what is bought, and
 * offers Pay (billing.localPay: a locally signed event through the same webhook handler and
 * ledger door as a real payment) and Cancel (back to /pricing, nothing changed).
 */
import { Alert, Button, Container, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { useSessionStatus } from '~/features/auth/session-status';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { describeRequestFailure } from '~/features/errors/request-error';
import { useLocale, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { formatMoney } from './money';
import { PRICING_PATH } from './paths';

export function LocalCheckoutView() {
  const t = useTranslations('billing.local');
  const locale = useLocale();
  const router = useRouter();
  const session = useSessionStatus();
  const signIn = useSignInModal();
  const raw = router.query.session;
  const sessionId = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const checkout = trpc.billing.localSession.useQuery({ sessionId }, { enabled: router.isReady && sessionId !== '' && session === 'authenticated', retry: false });
  const pay = trpc.billing.localPay.useMutation();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onPay = async () => {
    setFailure(null);
    try {
      const { successUrl } = await pay.mutateAsync({ sessionId });
      setLeaving(true);
      await router.push(successUrl);
    } catch (error) {
      setFailure(describeRequestFailure('payment', error).message);
    }
  };

  const data = checkout.data;
  let content;
  if (session === 'unauthenticated') {
    content = (
      <Group>
        <Button radius="xl" onClick={() => signIn.open(pathWithoutLocale(router.asPath, router.locales ?? []))}>
          {t('signIn')}
        </Button>
      </Group>
    );
  } else if (router.isReady && sessionId === '') {
    content = <Text data-testid="local-checkout-missing">{t('notFound')}</Text>;
  } else if (checkout.isError) {
    content = <Text data-testid="local-checkout-missing">{t('notFound')}</Text>;
  } else if (!data) {
    content = <Skeleton height={120} radius="md" />;
  } else {
    const what = data.kind === 'plan' ? t('planItem', { count: data.credits }) : t('packItem', { count: data.credits });
    content = (
      <>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text c="dimmed">{t('item')}</Text>
            <Text fw={600} data-testid="local-checkout-item">
              {what}
            </Text>
          </Group>
          <Divider />
          <Group justify="space-between">
            <Text c="dimmed">{t('amount')}</Text>
            <Text fw={700} size="lg" data-testid="local-checkout-amount">
              {formatMoney(data.amount, data.currency, locale)}
            </Text>
          </Group>
        </Stack>
        {failure ? (
          <Alert color="red" variant="light" radius="md">
            {failure}
          </Alert>
        ) : null}
        {data.state === 'open' ? (
          <Group justify="flex-end">
            <Button component={Link} href={data.cancelUrl} variant="default" radius="xl" data-testid="local-checkout-cancel">
              {t('cancel')}
            </Button>
            <Button radius="xl" onClick={() => void onPay()} loading={pay.isPending || leaving} data-testid="local-checkout-pay">
              {t('pay', { amount: formatMoney(data.amount, data.currency, locale) })}
            </Button>
          </Group>
        ) : data.state === 'complete' ? (
          <>
            <Text data-testid="local-checkout-complete">{t('complete')}</Text>
            <Group justify="flex-end">
              <Button component={Link} href={data.successUrl} radius="xl">
                {t('continue')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text data-testid="local-checkout-expired">{t('expired')}</Text>
            <Group justify="flex-end">
              <Button component={Link} href={PRICING_PATH} variant="default" radius="xl">
                {t('backToPricing')}
              </Button>
            </Group>
          </>
        )}
      </>
    );
  }

  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="lg" p="xl" data-testid="local-checkout">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Alert color="yellow" variant="light" radius="md" title={t('noMoneyTitle')} data-testid="local-checkout-notice">
            {t('noMoney')}
          </Alert>
          {content}
        </Stack>
      </Paper>
    </Container>
  );
}
