/** A user's purchases on their console page, newest first, paged. */
import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '~/features/billing/money';
import { useFormatter, useLocale, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { MorePages } from './MorePages';

const PAGE_SIZE = 20;

export function PurchasesTable({ userId }: { userId: string }) {
  const t = useTranslations('admin.purchases');
  const format = useFormatter();
  const locale = useLocale();
  const list = trpc.admin.userPurchases.useInfiniteQuery({ userId, limit: PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        {items.length === 0 && list.isSuccess ? <Text c="dimmed">{t('empty')}</Text> : null}
        {items.length > 0 ? (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('when')}</Table.Th>
                <Table.Th>{t('item')}</Table.Th>
                <Table.Th ta="right">{t('credits')}</Table.Th>
                <Table.Th ta="right">{t('amount')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((purchase) => (
                <Table.Tr key={purchase.id}>
                  <Table.Td>{format.dateTime(new Date(purchase.createdAt), { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                  <Table.Td>{purchase.item}</Table.Td>
                  <Table.Td ta="right">{format.number(purchase.credits)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(purchase.amount, purchase.currency, locale)}</Table.Td>
                  <Table.Td>{purchase.status}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <MorePages list={list} label={t('more')} />
      </Stack>
    </Paper>
  );
}
