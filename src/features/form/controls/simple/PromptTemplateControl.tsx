import { Anchor, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useState } from 'react';
import { PROMPT_TEMPLATES_VISIBLE } from '~/catalogue/public';
import { ControlField } from '../ControlField';
import type { ControlProps } from '../types';

/** Selectable prompt templates: the first 3, then 'Show N more templates' (tool-catalogue §3). */
export function PromptTemplateControl({ control, value, onChange, disabled }: ControlProps<'prompt_template'>) {
  const t = useTranslations('form');
  const [expanded, setExpanded] = useState(false);
  const hidden = Math.max(0, control.templates.length - PROMPT_TEMPLATES_VISIBLE);
  const shown = expanded ? control.templates : control.templates.slice(0, PROMPT_TEMPLATES_VISIBLE);
  return (
    <ControlField control={control}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={8}>
        {shown.map((template) => {
          const active = value === template.prompt;
          return (
            <UnstyledButton
              key={template.id}
              onClick={() => onChange(template.prompt)}
              disabled={disabled}
              aria-pressed={active}
              data-testid={`template-${template.id}`}
            >
              <Paper
                withBorder
                p="xs"
                radius="md"
                h="100%"
                style={{
                  borderColor: active ? 'var(--mantine-primary-color-filled)' : undefined,
                  background: active ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Text size="sm" fw={600} lineClamp={1}>
                  {template.label}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {template.prompt}
                </Text>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {hidden > 0 ? (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} data-testid="more-templates">
          {expanded ? t('fewerTemplates') : t('moreTemplates', { count: hidden })}
        </Anchor>
      ) : null}
    </ControlField>
  );
}
