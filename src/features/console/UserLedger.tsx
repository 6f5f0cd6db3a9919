/** A user's ledger on their console page: every movement, newest first, paged. */
import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { MorePages } from './MorePages';

const PAGE_SIZE = 20;

export function UserLedger({ userId }: { userId: string }) {
  const t = useTranslations('admin.ledger');
  const format = useFormatter();
  const list = trpc.admin.userLedger.useInfiniteQuery({ userId, limit: PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={4}>{t('title')}</Title>
        {items.length === 0 && !list.isLoading ? <Text c="dimmed">{t('empty')}</Text> : null}
        {items.length > 0 ? (
          <Table striped data-testid="user-ledger">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('when')}</Table.Th>
                <Table.Th>{t('reason')}</Table.Th>
                <Table.Th>{t('note')}</Table.Th>
                <Table.Th ta="right">{t('amount')}</Table.Th>
                <Table.Th ta="right">{t('balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((entry) => (
                <Table.Tr key={entry.id} data-testid="ledger-row" data-reason={entry.reason}>
                  <Table.Td>{format.dateTime(new Date(entry.createdAt), { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                  <Table.Td>{entry.reason}</Table.Td>
                  <Table.Td>{entry.note ?? ''}</Table.Td>
                  <Table.Td ta="right">{entry.amount > 0 ? `+${format.number(entry.amount)}` : format.number(entry.amount)}</Table.Td>
                  <Table.Td ta="right">{format.number(entry.balanceAfter)}</Table.Td>
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
