/** /admin/audit: what staff did, newest first, filtered by actor, action, target and date; read only. */
import '@mantine/core/styles/Table.css';
import { Button, Center, Code, Group, NativeSelect, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFormatter, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';

const PAGE_SIZE = 50;

/** The actions the log records (the server's list: services/staff/audit.ts). */
const ACTIONS = ['credits.grant', 'credits.deduct', 'user.premium', 'user.suspend', 'user.unsuspend', 'user.role', 'user.delete', 'maintenance.set', 'job.cancel', 'job.refund', 'job.rerun', 'purchase.refund', 'payments.reconcile', 'moderation.approve', 'moderation.take_down', 'moderation.restore'] as const;
type Action = (typeof ACTIONS)[number];

function dayOf(value: string): Date | undefined {
  return value ? new Date(`${value}T00:00:00Z`) : undefined;
}

const shown = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export function AuditLog() {
  const t = useTranslations('admin.audit');
  const format = useFormatter();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState<Action | null>(null);
  const [targetId, setTargetId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const end = dayOf(to);
  const list = trpc.admin.audit.useInfiniteQuery(
    {
      limit: PAGE_SIZE,
      ...(actor.trim() ? { actor: actor.trim() } : {}),
      ...(action ? { action } : {}),
      ...(targetId.trim() ? { targetId: targetId.trim() } : {}),
      ...(from ? { from: dayOf(from) } : {}),
      ...(end ? { to: new Date(end.getTime() + 24 * 3600 * 1000) } : {}),
    },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput label={t('actor')} placeholder={t('actorHint')} value={actor} onChange={(event) => setActor(event.currentTarget.value)} />
          <NativeSelect label={t('action')} data={[{ value: '', label: t('any') }, ...ACTIONS]} value={action ?? ''} onChange={(event) => setAction(ACTIONS.find((value) => value === event.currentTarget.value) ?? null)} />
          <TextInput label={t('target')} value={targetId} onChange={(event) => setTargetId(event.currentTarget.value)} />
          <TextInput type="date" label={t('from')} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
          <TextInput type="date" label={t('to')} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        {list.isError ? <Text c="red">{list.error.message}</Text> : null}
        {items.length === 0 && list.isSuccess ? <Text c="dimmed">{t('empty')}</Text> : null}
        {items.length > 0 ? (
          <Table striped data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('when')}</Table.Th>
                <Table.Th>{t('actor')}</Table.Th>
                <Table.Th>{t('action')}</Table.Th>
                <Table.Th>{t('target')}</Table.Th>
                <Table.Th>{t('reason')}</Table.Th>
                <Table.Th>{t('change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id} data-testid="audit-row" data-action={row.action}>
                  <Table.Td>{format.dateTime(new Date(row.createdAt), { dateStyle: 'short', timeStyle: 'medium' })}</Table.Td>
                  <Table.Td>{row.actorEmail}</Table.Td>
                  <Table.Td>{row.action}</Table.Td>
                  <Table.Td>
                    {row.targetType}
                    {row.targetId ? ` ${row.targetId}` : ''}
                  </Table.Td>
                  <Table.Td data-testid="audit-reason">{row.reason ?? ''}</Table.Td>
                  <Table.Td>
                    <Code block>{`${shown(row.before)} → ${shown(row.after)}`}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {list.hasNextPage ? (
          <Center mt="sm">
            <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('more')}
            </Button>
          </Center>
        ) : null}
      </Paper>
    </Stack>
  );
}
