/** The /creations filter controls: search words, output type, status, model, dates, order and the Starred filter. */
import { Checkbox, Group, NativeSelect, SegmentedControl, TextInput } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CREATION_STATUS_FILTERS, CREATION_TYPE_FILTERS } from '~/utils/creation-filters';
import { CREATION_SORT_ORDERS, SEARCH_MAX_LENGTH, type CreationFilters } from './creation-filters';

/** Typing pauses this long before the list (and the URL) follows the search box. */
const SEARCH_SETTLE_MS = 300;

/** The search box: the list follows it once typing pauses (or at once on Enter). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const t = useTranslations('creations');
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // The URL changed (back/forward, a link, "clear filters"): the box shows it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextInput
      type="search"
      size="xs"
      w={220}
      label={t('search')}
      placeholder={t('searchPlaceholder')}
      value={text}
      maxLength={SEARCH_MAX_LENGTH}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text);
      }}
      data-testid="creations-search"
    />
  );
}

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
      <SearchBox value={filters.q} onSearch={(q) => onChange({ ...filters, q })} />
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
      <TextInput
        type="date"
        size="xs"
        w={140}
        label={t('from')}
        value={filters.from ?? ''}
        max={filters.to ?? undefined}
        onChange={(event) => onChange({ ...filters, from: event.currentTarget.value || null })}
        data-testid="creations-from"
      />
      <TextInput
        type="date"
        size="xs"
        w={140}
        label={t('to')}
        value={filters.to ?? ''}
        min={filters.from ?? undefined}
        onChange={(event) => onChange({ ...filters, to: event.currentTarget.value || null })}
        data-testid="creations-to"
      />
      <NativeSelect
        label={t('sort')}
        size="xs"
        w={140}
        value={filters.sort}
        onChange={(event) => onChange({ ...filters, sort: event.currentTarget.value as CreationFilters['sort'] })}
        data={CREATION_SORT_ORDERS.map((order) => ({ value: order, label: t(`sortOrder.${order}`) }))}
        data-testid="creations-sort"
      />
      <Checkbox
        label={t('starredFilter')}
        size="xs"
        mb={6}
        checked={filters.starred}
        onChange={(event) => onChange({ ...filters, starred: event.currentTarget.checked })}
        data-testid="creations-starred-filter"
      />
    </Group>
  );
}
