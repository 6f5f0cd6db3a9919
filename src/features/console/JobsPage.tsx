/** /admin/jobs: every generation, filtered by status, model, provider, user and date, or only the stuck ones. */
import { Checkbox, Group, Paper, Select, TextInput } from '@mantine/core';
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
          <Select label={t('status')} placeholder={t('any')} data={STATUSES.map((value) => ({ value, label: value }))} value={status} onChange={(value) => setStatus((STATUSES as readonly string[]).includes(value ?? '') ? (value as Status) : null)} clearable data-testid="jobs-status" />
          <Select label={t('model')} placeholder={t('any')} data={models} value={modelId} onChange={setModelId} searchable clearable />
          <Select label={t('provider')} placeholder={t('any')} data={platforms} value={platform} onChange={setPlatform} clearable />
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
