/**
 * /admin: today, the last 7 days or the last 30 days at a glance (sign-ups, generations by status,
 * the worst failure rates by model and by provider, credits, revenue, active premium plans) and
 * generations per hour over 7 days as a chart, whose library loads after the page (next/dynamic),
 * so not even the console's first load carries it.
 */
import '@mantine/core/styles/Table.css';
import { Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { formatMoney } from '~/features/billing/money';
import { useFormatter, useLocale, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';

const HourlyChart = dynamic(() => import('./HourlyChart'), { ssr: false, loading: () => <Skeleton h={240} /> });

const PERIODS = ['today', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function FailureTable({ title, rows }: { title: string; rows: { key: string; failed: number; finished: number; rate: number }[] }) {
  const t = useTranslations('admin.overview');
  const format = useFormatter();
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={5}>{title}</Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('noFailures')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.key}</Table.Td>
                <Table.Td ta="right">{format.number(row.rate, { style: 'percent', maximumFractionDigits: 1 })}</Table.Td>
                <Table.Td ta="right">{t('failedOf', { failed: row.failed, finished: row.finished })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export function Overview() {
  const t = useTranslations('admin.overview');
  const format = useFormatter();
  const locale = useLocale();
  const [period, setPeriod] = useState<Period>('today');
  const overview = trpc.admin.overview.useQuery();
  if (overview.isError) return <Text c="red">{overview.error.message}</Text>;
  if (!overview.data) return <Skeleton h={320} />;
  const figures = overview.data.periods[period];
  const generations = Object.values(figures.generations).reduce((sum, count) => sum + count, 0);
  return (
    <Stack gap="md" data-testid="overview">
      <SegmentedControl value={period} onChange={(value) => setPeriod(PERIODS.find((p) => p === value) ?? 'today')} data={PERIODS.map((value) => ({ value, label: t(value) }))} />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <Stat label={t('signUps')} value={format.number(figures.signUps)} testId="overview-signups" />
        <Stat label={t('generations')} value={format.number(generations)} testId="overview-generations" />
        <Stat label={t('creditsSpent')} value={format.number(figures.credits.spent)} testId="overview-spent" />
        <Stat label={t('creditsGranted')} value={format.number(figures.credits.granted)} testId="overview-granted" />
        <Stat label={t('creditsRefunded')} value={format.number(figures.credits.refunded)} testId="overview-refunded" />
        <Stat label={t('creditsBought')} value={format.number(figures.credits.bought)} testId="overview-bought" />
        <Stat label={t('activePremium')} value={format.number(overview.data.activePremium)} testId="overview-premium" />
        {figures.revenue.map((row) => (
          <Stat key={row.currency} label={t('revenue', { currency: row.currency.toUpperCase() })} value={formatMoney(row.amount - row.refunded, row.currency, locale)} testId={`overview-revenue-${row.currency}`} />
        ))}
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Title order={5}>{t('byStatus')}</Title>
        <Text size="sm" data-testid="overview-statuses">
          {Object.entries(figures.generations)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([status, count]) => `${status}: ${format.number(count)}`)
            .join(' · ') || t('none')}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <FailureTable title={t('failureByModel')} rows={figures.failureByModel} />
        <FailureTable title={t('failureByProvider')} rows={figures.failureByProvider} />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Title order={5} mb="sm">
          {t('perHour')}
        </Title>
        <HourlyChart hours={overview.data.perHour} label={t('generations')} />
      </Paper>
    </Stack>
  );
}
