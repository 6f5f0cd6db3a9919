/** The /creations filter controls: output type, status and model. */
import { Group, NativeSelect, SegmentedControl } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useMemo } from 'react';
import { CREATION_STATUS_FILTERS, CREATION_TYPE_FILTERS } from '~/utils/creation-filters';
import type { CreationFilters } from './creation-filters';

const ALL = 'all';

/** A catalogue model as the model filter lists it (from the page's server data). */
export type ModelOption = { id: string; name: string; outputType: string };

export function CreationsFilters({ filters, models, onChange }: { filters: CreationFilters; models: readonly ModelOption[]; onChange: (next: CreationFilters) => void }) {
  const t = useTranslations('creations');
  const modelOptions = useMemo(
    () => models.filter((m) => !filters.type || m.outputType === filters.type).map((m) => ({ value: m.id, label: m.name })),
    [filters.type, models],
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="creations-filters">
      <SegmentedControl
        value={filters.type ?? ALL}
        onChange={(v) => {
          const type = v === ALL ? null : (v as CreationFilters['type']);
          // A model of another output type would leave the list empty: the model filter resets.
          const keepsModel = !type || !filters.modelId || models.some((m) => m.id === filters.modelId && m.outputType === type);
          onChange({ ...filters, type, modelId: keepsModel ? filters.modelId : null });
        }}
        data={[ALL, ...CREATION_TYPE_FILTERS].map((f) => ({ value: f, label: t(`filter.${f}`) }))}
        data-testid="creations-filter"
      />
      {/* Native selects: light to load, and the phone's own picker on touch screens. */}
      <NativeSelect
        label={t('statusFilter')}
        size="xs"
        w={150}
        value={filters.status ?? ALL}
        onChange={(event) => {
          const v = event.currentTarget.value;
          onChange({ ...filters, status: v === ALL ? null : (v as CreationFilters['status']) });
        }}
        data={[ALL, ...CREATION_STATUS_FILTERS].map((s) => ({ value: s, label: t(`status.${s}`) }))}
        data-testid="creations-status-filter"
      />
      <NativeSelect
        label={t('modelFilter')}
        size="xs"
        w={220}
        value={filters.modelId ?? ALL}
        onChange={(event) => {
          const v = event.currentTarget.value;
          onChange({ ...filters, modelId: v === ALL ? null : v });
        }}
        data={[{ value: ALL, label: t('allModels') }, ...modelOptions]}
        data-testid="creations-model-filter"
      />
    </Group>
  );
}
