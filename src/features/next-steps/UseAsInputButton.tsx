import { Button } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

/** The 'Use as input' trigger: the same button before and after its menu has loaded. */
export const UseAsInputButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & { loading?: boolean }>(function UseAsInputButton({ loading, ...props }, ref) {
  const t = useTranslations('nextSteps');
  return (
    <Button ref={ref} size="compact-sm" variant="light" radius="xl" loading={loading} rightSection={<span aria-hidden="true">▾</span>} data-testid="next-step-use-as-input" {...props}>
      {t('useAsInput')}
    </Button>
  );
});
