/**
 * The model dropdown (core-flow §2, tool-catalogue §2): shown only when the app has more than one
 * model, searchable above 6, each option with its name, description and categories.
 */
import { Badge, Group, Select, Stack, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { MODEL_SEARCH_THRESHOLD, type PublicModelDefinition as ModelDefinition } from '~/catalogue/public';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';

export function isSearchable(count: number): boolean {
  return count > MODEL_SEARCH_THRESHOLD;
}

function ModelSummary({ model, compact, unavailable }: { model: ModelDefinition; compact?: boolean; unavailable?: boolean }) {
  const t = useTranslations('generator');
  const tAvailability = useTranslations('availability');
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {model.name}
        </Text>
        {model.isNew ? (
          <Badge size="xs" color="pink" variant="light">
            {t('new')}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={compact ? 2 : undefined}>
        {model.description}
      </Text>
      {unavailable ? (
        <Text size="xs" c="red" data-testid={`model-unavailable-${model.id}`}>
          {tAvailability('modelUnavailable')}
        </Text>
      ) : null}
      <Group gap={4}>
        {model.categories.map((category) => (
          <Badge key={category} size="xs" variant="outline" color="gray">
            {category}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

export function ModelPicker({ models, value, onChange, disabled }: { models: ModelDefinition[]; value: string; onChange: (id: string) => void; disabled?: boolean }) {
  const t = useTranslations('generator');
  const { isModelAvailable } = useSystemStatus();
  const byId = new Map(models.map((m) => [m.id, m]));
  const selected = byId.get(value);
  const filter: OptionsFilter = ({ options, search }) => {
    const needle = search.trim().toLowerCase();
    if (!needle) return options;
    return (options as ComboboxItem[]).filter((option) => {
      const model = byId.get(option.value);
      return model ? [model.name, model.description, ...model.categories].some((s) => s.toLowerCase().includes(needle)) : false;
    });
  };
  return (
    <Stack gap={6} data-testid="model-picker">
      <Select
        label={t('model')}
        data={models.map((m) => ({ value: m.id, label: m.name }))}
        value={value}
        onChange={(id) => id && onChange(id)}
        allowDeselect={false}
        searchable={isSearchable(models.length)}
        filter={filter}
        nothingFoundMessage={t('noModelsFound')}
        placeholder={isSearchable(models.length) ? t('searchModels') : undefined}
        renderOption={({ option }) => {
          const model = byId.get(option.value);
          return model ? <ModelSummary model={model} compact unavailable={!isModelAvailable(model.id)} /> : option.label;
        }}
        maxDropdownHeight={380}
        disabled={disabled}
        comboboxProps={{ withinPortal: true }}
        data-searchable={isSearchable(models.length) ? 'true' : 'false'}
      />
      {selected ? (
        <Text size="xs" c="dimmed" data-testid="model-description">
          {selected.description}
        </Text>
      ) : null}
    </Stack>
  );
}
