/**
 * One next step as a link: its name (the accessible name, exactly) and its price in credits,
 * visible before the click and read out as the link's description.
 */
import { Badge, Button, type ButtonProps } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { useId } from 'react';

export function Price({ cost, id }: { cost: number; id?: string }) {
  const t = useTranslations('nextSteps');
  return (
    <Badge id={id} size="xs" variant="light" color="gray" radius="sm" tt="none" data-testid="next-step-price">
      {t('price', { count: cost })}
    </Badge>
  );
}

export function NextStepLink({ href, label, cost, testId, ...button }: { href: string; label: string; cost: number; testId?: string } & ButtonProps) {
  const priceId = useId();
  return (
    <Button
      component={Link}
      href={href}
      aria-label={label}
      aria-describedby={priceId}
      size="compact-sm"
      variant="default"
      radius="xl"
      rightSection={<Price cost={cost} id={priceId} />}
      data-testid={testId}
      {...button}
    >
      {label}
    </Button>
  );
}
