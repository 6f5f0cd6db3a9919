/**
 * The 'Use as input' menu (loaded with a result): every tool whose form takes an image, grouped
 * by its app's category, each with its price; choosing one opens it with the image in its input.
 */
import { Group, Menu, ScrollArea, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { Fragment } from 'react';
import { categoryMessageKey } from '~/catalogue/public';
import { Price } from './NextStepLink';
import { imageHandOverHref, useNextSteps, type NextStepTarget } from './next-steps';
import { UseAsInputButton } from './UseAsInputButton';

/** Targets grouped by their app's category, in catalogue order. */
export function groupByCategory(targets: readonly NextStepTarget[]): [string, NextStepTarget[]][] {
  const groups = new Map<string, NextStepTarget[]>();
  for (const target of targets) {
    const category = target.category ?? 'other';
    groups.set(category, [...(groups.get(category) ?? []), target]);
  }
  return [...groups];
}

export function UseAsInputItems({ objectKey }: { objectKey: string }) {
  const t = useTranslations('generator.home');
  const steps = useNextSteps();
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      {groupByCategory(steps?.imageTools ?? []).map(([category, targets]) => (
        <Fragment key={category}>
          <Menu.Label>{t(categoryMessageKey(category))}</Menu.Label>
          {targets.map((target) => (
            <Menu.Item key={target.modelId} component={Link} href={imageHandOverHref(target, objectKey)} data-testid={`use-as-input-${target.modelId}`}>
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Text size="sm">{target.name}</Text>
                <Price cost={target.cost} />
              </Group>
            </Menu.Item>
          ))}
        </Fragment>
      ))}
    </ScrollArea.Autosize>
  );
}

export function UseAsInputMenu({ objectKey }: { objectKey: string }) {
  return (
    <Menu position="bottom-end" withinPortal width={300} shadow="md">
      <Menu.Target>
        <UseAsInputButton />
      </Menu.Target>
      <Menu.Dropdown data-testid="use-as-input-menu">
        <UseAsInputItems objectKey={objectKey} />
      </Menu.Dropdown>
    </Menu>
  );
}
