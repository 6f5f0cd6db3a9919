/** /admin/jobs: every generation, filtered by status, model, provider, user and date, or only the stuck ones. */
import { Checkbox, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import type { StaffRole } from '~/utils/staff-roles';
import { JobsTable, type JobFilters } from './JobsTable';

const STATUSES = ['queued', 'starting', 'processing', 'succeeded', 'failed', 'canceled'] as const;
type Status = (typeof STATUSES)[number];

/** A date field's value as the start of that day (UTC), or nothing. */
function dayOf(value: string): Date | undefined {
  return value ? new Date(`${value}T00:00:00Z`) : undefined;
}

export function JobsPage({ role, models, platforms }: { role: StaffRole; models: string[]; platforms: string[] }) {
  const t = useTranslations('admin.jobs');
  const [status, setStatus] = useState<Status | null>(null);
  const [modelId, setModelId] = useState<string | null>(null);
  const [platform, setPlatform] = useState<string | null>(null);
  const [userId, setUserId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [stuck, setStuck] = useState(false);
  const withAny = (values: readonly string[]) => [{ value: '', label: t('any') }, ...values.map((value) => ({ value, label: value }))];
  const end = dayOf(to);
  const filters: JobFilters = {
    ...(status ? { status } : {}),
    ...(modelId ? { modelId } : {}),
    ...(platform ? { platform } : {}),
    ...(userId.trim() ? { userId: userId.trim() } : {}),
    ...(from ? { from: dayOf(from) } : {}),
    // The end day is included: the period ends at the next day's start.
    ...(end ? { to: new Date(end.getTime() + 24 * 3600 * 1000) } : {}),
    ...(stuck ? { stuck: true } : {}),
  };
  return (
    <>
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect label={t('status')} data={withAny(STATUSES)} value={status ?? ''} onChange={(event) => setStatus(STATUSES.find((value) => value === event.currentTarget.value) ?? null)} data-testid="jobs-status" />
          <NativeSelect label={t('model')} data={withAny(models)} value={modelId ?? ''} onChange={(event) => setModelId(event.currentTarget.value || null)} />
          <NativeSelect label={t('provider')} data={withAny(platforms)} value={platform ?? ''} onChange={(event) => setPlatform(event.currentTarget.value || null)} />
          <TextInput label={t('userId')} value={userId} onChange={(event) => setUserId(event.currentTarget.value)} />
          <TextInput type="date" label={t('from')} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
          <TextInput type="date" label={t('to')} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
          <Checkbox label={t('stuck')} checked={stuck} onChange={(event) => setStuck(event.currentTarget.checked)} data-testid="jobs-stuck" />
        </Group>
      </Paper>
      <JobsTable filters={filters} role={role} />
    </>
  );
}
