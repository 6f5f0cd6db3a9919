/**
 * The next steps of one creation as a menu (Recent Creations thumbnails, loaded on demand): the
 * image actions with their prices and the 'Use as input' submenu, 'Use as prompt' for a text,
 * 'Remix' for its settings.
 */
import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { Price } from './NextStepLink';
import type { CreationSteps } from './creation-steps';
import { IMAGE_SHORTCUTS } from '~/utils/hand-over-query';
import { imageHandOverHref, promptHandOverHref, useNextSteps } from './next-steps';
import { UseAsInputItems } from './UseAsInputMenu';

function Item({ href, label, cost, testId }: { href: string; label: string; cost: number; testId: string }) {
  return (
    <Menu.Item component={Link} href={href} aria-label={label} data-testid={testId}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{label}</Text>
        <Price cost={cost} />
      </Group>
    </Menu.Item>
  );
}

export default function CreationStepsMenu({ steps, label, cost }: { steps: CreationSteps; label: string; cost: number }) {
  const t = useTranslations('nextSteps');
  const data = useNextSteps();
  const { imageKey, text, remix } = steps;
  const shortcuts = data?.shortcuts;
  return (
    <Menu defaultOpened position="bottom-end" withinPortal width={260} shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" radius="xl" size="md" aria-label={label} data-testid="creation-steps-trigger">
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="creation-steps-menu">
        {imageKey && shortcuts
          ? IMAGE_SHORTCUTS.map(({ action }) => (
              <Item key={action} href={imageHandOverHref(shortcuts[action], imageKey)} label={t(action)} cost={shortcuts[action].cost} testId={`next-step-${action}`} />
            ))
          : null}
        {imageKey ? (
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item data-testid="next-step-use-as-input">{t('useAsInput')}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <UseAsInputItems objectKey={imageKey} />
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        ) : null}
        {text && data ? <Item href={promptHandOverHref(data.prompt, text)} label={t('useAsPrompt')} cost={data.prompt.cost} testId="next-step-use-as-prompt" /> : null}
        {remix ? <Item href={remix} label={t('remix')} cost={cost} testId="next-step-remix" /> : null}
      </Menu.Dropdown>
    </Menu>
  );
}
