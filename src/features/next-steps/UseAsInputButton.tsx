import { Button } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

/** The 'Use as input' trigger: the target of its menu. */
export const UseAsInputButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function UseAsInputButton(props, ref) {
  const t = useTranslations('nextSteps');
  return (
    <Button ref={ref} size="compact-sm" variant="light" radius="xl" rightSection={<span aria-hidden="true">▾</span>} data-testid="next-step-use-as-input" {...props}>
      {t('useAsInput')}
    </Button>
  );
});
