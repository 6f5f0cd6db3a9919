/** Account → Billing: the purchases, newest first (date, what, amount, state, receipt link when the provider gives one). */
import { Anchor, Badge, Box, Button, Center, Divider, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useFormatter, useLocale, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { formatMoney } from './money';
import type { Purchase } from './types';

export const PURCHASES_PAGE_SIZE = 20;

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const t = useTranslations('billing.account');
  const format = useFormatter();
  const locale = useLocale();
  const what = purchase.kind === 'plan' ? t('planPurchase', { count: purchase.credits }) : t('packPurchase', { count: purchase.credits });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py="sm" px="md" data-testid="purchase-row" data-item={purchase.item} data-status={purchase.status}>
      <Box miw={0}>
        <Text fw={600} data-testid="purchase-what">
          {what}
        </Text>
        <Text size="xs" c="dimmed" data-testid="purchase-date">
          {format.dateTime(new Date(purchase.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
      </Box>
      <Group gap="sm" wrap="nowrap">
        {purchase.status !== 'paid' ? (
          <Badge variant="light" color={purchase.status === 'disputed' ? 'red' : 'orange'} size="sm">
            {t('status', { status: purchase.status })}
          </Badge>
        ) : null}
        <Text fw={600} data-testid="purchase-amount">
          {formatMoney(purchase.amount, purchase.currency, locale)}
        </Text>
        {purchase.receiptUrl ? (
          <Anchor href={purchase.receiptUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid="purchase-receipt">
            {t('receipt')}
          </Anchor>
        ) : null}
      </Group>
    </Group>
  );
}

export function PurchasesList() {
  const t = useTranslations('billing.account');
  const list = trpc.billing.purchases.useInfiniteQuery({ limit: PURCHASES_PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isLoading) return <Skeleton height={72} radius="lg" />;
  if (list.isError || items.length === 0) {
    return (
      <Paper withBorder radius="lg" p="md" data-testid="purchases-empty">
        <Text c="dimmed">{list.isError ? t('loadFailed') : t('purchasesEmpty')}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" data-testid="purchases">
        {items.map((purchase, i) => (
          <Fragment key={purchase.id}>
            {i > 0 ? <Divider /> : null}
            <PurchaseRow purchase={purchase} />
          </Fragment>
        ))}
      </Paper>
      {list.hasNextPage ? (
        <Center>
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('loadMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
