/**
 * The generator's Batch control: prompts one per line (up to BATCH_MAX_PROMPTS) and variations
 * (1–BATCH_MAX_VARIATIONS seeds of each); the rest of the form applies to every item. The generator
 * owns the values; this only shows and edits them.
 */
import { NativeSelect, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { BATCH_MAX_PROMPTS, BATCH_MAX_VARIATIONS, batchPromptLines } from '~/catalogue/public';
import type { BatchValues } from './batch-values';

const VARIATION_CHOICES = Array.from({ length: BATCH_MAX_VARIATIONS }, (_, i) => String(i + 1));


export function BatchFields({ value, onChange, disabled }: { value: BatchValues; onChange: (next: BatchValues) => void; disabled?: boolean }) {
  const t = useTranslations('batch');
  const count = batchPromptLines(value.prompts).length;
  return (
    <Stack gap="xs" data-testid="batch-fields">
      <Switch
        label={t('toggle')}
        checked={value.on}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, on: event.currentTarget.checked })}
        data-testid="batch-toggle"
      />
      {value.on ? (
        <>
          <Textarea
            label={t('promptsLabel')}
            description={t('promptsDescription', { max: BATCH_MAX_PROMPTS })}
            autosize
            minRows={3}
            maxRows={10}
            disabled={disabled}
            value={value.prompts}
            onChange={(event) => onChange({ ...value, prompts: event.currentTarget.value })}
            error={count > BATCH_MAX_PROMPTS ? t('promptCount', { count, max: BATCH_MAX_PROMPTS }) : undefined}
            data-testid="batch-prompts"
          />
          <Text size="xs" c="dimmed" data-testid="batch-prompt-count">
            {t('promptCount', { count, max: BATCH_MAX_PROMPTS })}
          </Text>
          <NativeSelect
            label={t('variationsLabel')}
            description={t('variationsDescription', { max: BATCH_MAX_VARIATIONS })}
            data={VARIATION_CHOICES}
            disabled={disabled}
            value={String(value.variations)}
            onChange={(event) => onChange({ ...value, variations: Number(event.currentTarget.value) })}
            data-testid="batch-variations"
          />
        </>
      ) : null}
    </Stack>
  );
}
