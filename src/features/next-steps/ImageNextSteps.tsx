/**
 * The next steps of an image result (generator output, /creations details): Edit, Upscale, Remove
 * background and Animate, each with its price, and 'Use as input' for every tool that takes an
 * image (its menu loads on first use). Each opens the tool with this image already in its input.
 */
import { Group } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { IMAGE_SHORTCUTS } from '~/utils/hand-over-query';
import { imageHandOverHref, useNextSteps } from './next-steps';
import { NextStepLink } from './NextStepLink';
import { UseAsInput } from './UseAsInput';

export function ImageNextSteps({ objectKey }: { objectKey: string }) {
  const t = useTranslations('nextSteps');
  const steps = useNextSteps();
  if (!steps) return null;
  return (
    <Group gap={6} data-testid="image-next-steps" role="group" aria-label={t('groupLabel')}>
      {IMAGE_SHORTCUTS.map(({ action }) => (
        <NextStepLink key={action} href={imageHandOverHref(steps.shortcuts[action], objectKey)} label={t(action)} cost={steps.shortcuts[action].cost} testId={`next-step-${action}`} />
      ))}
      <UseAsInput objectKey={objectKey} />
    </Group>
  );
}
