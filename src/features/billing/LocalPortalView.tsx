/**
 * /billing/local-portal: where Manage subscription leads on a server with the local checkout. With
 * Stripe configured the button opens Stripe's customer portal instead; this page says what that
 * portal does and shows the plan as the studio has it.
 */
import { Alert, Button, Container, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ACCOUNT_BILLING_PATH } from './paths';
import { PlanStatus } from './PlanStatus';

export function LocalPortalView() {
  const t = useTranslations('billing.portal');
  const status = trpc.billing.status.useQuery();
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
          ) : null}
          <Group>
            <Button component={Link} href={ACCOUNT_BILLING_PATH} variant="default" radius="xl">
              {t('back')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
