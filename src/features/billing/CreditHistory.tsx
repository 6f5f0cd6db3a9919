/** Account → Billing: every movement of the credits (credits.history), newest first, with the balance after each. */
import { Box, Button, Center, Divider, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { Fragment } from 'react';
import { useFormatter, useTranslations } from '~/i18n';
import type { AppRouter } from '~/server/trpc/root';
import { trpc } from '~/utils/trpc';

export const HISTORY_PAGE_SIZE = 20;

type LedgerEntry = inferRouterOutputs<AppRouter>['credits']['history']['items'][number];

/** Reasons whose note says more (the model's name, a failure's reason); the others' notes repeat the reason. */
const NOTED_REASONS = new Set(['generation_debit', 'generation_refund']);

function EntryRow({ entry }: { entry: LedgerEntry }) {
  const t = useTranslations('billing.history');
  const format = useFormatter();
  const note = entry.note && NOTED_REASONS.has(entry.reason) ? entry.note : null;
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py="xs" px="md" data-testid="history-row" data-reason={entry.reason}>
      <Box miw={0}>
        <Text size="sm" fw={500} lineClamp={1}>
          {t('reason', { reason: entry.reason })}
          {note ? (
            <Text span size="sm" c="dimmed">
              {' · '}
              {note}
            </Text>
          ) : null}
        </Text>
        <Text size="xs" c="dimmed">
          {format.dateTime(new Date(entry.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
      </Box>
      <Box ta="right" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={600} c={entry.amount < 0 ? undefined : 'teal'} data-testid="history-amount">
          {entry.amount > 0 ? `+${format.number(entry.amount)}` : format.number(entry.amount)}
        </Text>
        <Text size="xs" c={entry.balanceAfter < 0 ? 'red' : 'dimmed'}>
          {t('balanceAfter', { balance: entry.balanceAfter })}
        </Text>
      </Box>
    </Group>
  );
}

export function CreditHistory() {
  const t = useTranslations('billing.history');
  const list = trpc.credits.history.useInfiniteQuery({ limit: HISTORY_PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isLoading) return <Skeleton height={160} radius="lg" />;
  if (list.isError || items.length === 0) {
    return (
      <Paper withBorder radius="lg" p="md">
        <Text c="dimmed">{list.isError ? t('loadFailed') : t('empty')}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" data-testid="credit-history">
        {items.map((entry, i) => (
          <Fragment key={entry.id}>
            {i > 0 ? <Divider /> : null}
            <EntryRow entry={entry} />
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
