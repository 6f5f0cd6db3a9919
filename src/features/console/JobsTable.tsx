/**
 * Jobs as the console lists them (the jobs page, and a user's generations on their page): newest
 * first, paged, each failure with its provider's error text, and the actions staff may take on
 * each: cancel a running one, refund a finished one, re-run a failed one (admins).
 */
import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { inferRouterInputs } from '@trpc/server';
import Link from 'next/link';
import { useState } from 'react';
import { useFormatter, useTranslations } from '~/i18n';
import type { AppRouter } from '~/server/trpc/root';
import { roleCovers, type StaffRole } from '~/utils/staff-roles';
import { trpc } from '~/utils/trpc';
import { JobActionDialog, type JobActionKind } from './JobActionDialog';
import { userPath } from './paths';
import { MorePages } from './MorePages';

export type JobFilters = Omit<inferRouterInputs<AppRouter>['admin']['jobs'], 'limit' | 'cursor'>;

const PAGE_SIZE = 25;
const RUNNING = new Set(['queued', 'starting', 'processing']);

export function JobsTable({ filters, role, showOwner = true }: { filters: JobFilters; role: StaffRole; showOwner?: boolean }) {
  const t = useTranslations('admin.jobs');
  const format = useFormatter();
  const list = trpc.admin.jobs.useInfiniteQuery({ ...filters, limit: PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const [acting, setActing] = useState<{ kind: JobActionKind; generationId: string } | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const admin = roleCovers(role, 'admin');
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        {list.isError ? <Text c="red">{list.error.message}</Text> : null}
        {items.length === 0 && list.isSuccess ? (
          <Text c="dimmed" data-testid="jobs-empty">
            {t('empty')}
          </Text>
        ) : null}
        {items.length > 0 ? (
          <Table striped data-testid="jobs-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('created')}</Table.Th>
                {showOwner ? <Table.Th>{t('owner')}</Table.Th> : null}
                <Table.Th>{t('model')}</Table.Th>
                <Table.Th>{t('provider')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
                <Table.Th ta="right">{t('cost')}</Table.Th>
                <Table.Th>{t('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((job) => (
                <Table.Tr key={job.id} data-testid="job-row" data-status={job.status}>
                  <Table.Td>{format.dateTime(new Date(job.createdAt), { dateStyle: 'short', timeStyle: 'medium' })}</Table.Td>
                  {showOwner ? (
                    <Table.Td>
                      <Anchor component={Link} href={userPath(job.userId)} size="sm">
                        {job.userEmail}
                      </Anchor>
                    </Table.Td>
                  ) : null}
                  <Table.Td>{job.modelId}</Table.Td>
                  <Table.Td>{job.platform}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge size="sm" color={job.status === 'failed' ? 'red' : job.status === 'succeeded' ? 'teal' : 'gray'}>
                        {job.status}
                      </Badge>
                      {job.refunded ? <Badge size="sm" variant="outline">{t('refunded')}</Badge> : null}
                      {job.rerunOfId ? <Badge size="sm" variant="outline">{t('rerun')}</Badge> : null}
                    </Group>
                    {job.error ? (
                      <Text size="xs" c="red" data-testid="job-error">
                        {job.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{format.number(job.cost)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {RUNNING.has(job.status) ? (
                        <Button size="compact-xs" variant="light" color="red" onClick={() => setActing({ kind: 'cancel', generationId: job.id })}>
                          {t('cancel')}
                        </Button>
                      ) : null}
                      {!RUNNING.has(job.status) && !job.refunded && job.cost > 0 ? (
                        <Button size="compact-xs" variant="light" onClick={() => setActing({ kind: 'refund', generationId: job.id })}>
                          {t('refund')}
                        </Button>
                      ) : null}
                      {admin && job.status === 'failed' ? (
                        <Button size="compact-xs" variant="light" onClick={() => setActing({ kind: 'rerun', generationId: job.id })}>
                          {t('rerunAction')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <MorePages list={list} label={t('more')} />
      </Stack>
      {acting ? <JobActionDialog kind={acting.kind} generationId={acting.generationId} onClose={() => setActing(null)} /> : null}
    </Paper>
  );
}
