/**
 * A model's input form, built only from its catalogue definition: its controls in order, those
 * whose dependency is not met hidden, the advanced ones behind a collapsible section.
 */
import { Button, Collapse, Divider, Stack } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { memo, useState } from 'react';
import type { Control, PublicModelDefinition } from '~/catalogue/public';
import { ControlRenderer } from './controls/ControlRenderer';
import type { FormValues } from './controls/types';
import { controlRendersAlike } from './control-render';
import { isControlVisible } from './depends-on';

/** One control, rendered again only when what it shows can change (control-render.ts). */
const FormControl = memo(ControlRenderer, controlRendersAlike);

export type DynamicFormProps = {
  model: PublicModelDefinition;
  values: FormValues;
  setValue: (field: string, value: unknown) => void;
  fieldErrors?: Record<string, string>;
  disabled?: boolean;
};

export function DynamicForm({ model, values, setValue, fieldErrors = {}, disabled }: DynamicFormProps) {
  const t = useTranslations('form');
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const visible = model.ui.controls.filter((c) => isControlVisible(c, values));
  const main = visible.filter((c) => !c.advanced);
  const advanced = visible.filter((c) => c.advanced);

  const render = (control: Control, index: number) => (
    <FormControl
      key={`${control.type}-${control.name}-${index}`}
      control={control}
      model={model}
      value={values[control.name]}
      onChange={(value) => setValue(control.name, value)}
      setValue={setValue}
      values={values}
      error={fieldErrors[control.name] ?? null}
      disabled={disabled}
    />
  );

  return (
    <Stack gap="lg" data-testid="dynamic-form" data-model={model.id}>
      {main.map(render)}
      {advanced.length > 0 ? (
        <>
          <Divider
            labelPosition="left"
            label={
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setAdvancedOpen((v) => !v)}
                aria-expanded={advancedOpen}
                data-testid="advanced-toggle"
                rightSection={<span aria-hidden="true">{advancedOpen ? '▴' : '▾'}</span>}
              >
                {t('advanced', { count: advanced.length })}
              </Button>
            }
          />
          <Collapse expanded={advancedOpen} keepMounted keepMountedMode="display-none">
            <Stack gap="lg">{advanced.map(render)}</Stack>
          </Collapse>
        </>
      ) : null}
    </Stack>
  );
}
