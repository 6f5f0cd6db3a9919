/** The small labels of catalogue entries: Hot, New and the LoRA licence notice. */
import { Badge, Group } from '@mantine/core';
import { useTranslations } from '~/i18n';

export function HotNewBadges({ isHot, isNew, size = 'xs' }: { isHot?: boolean; isNew?: boolean; size?: 'xs' | 'sm' }) {
  const t = useTranslations('pickers');
  if (!isHot && !isNew) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {isHot && (
        <Badge size={size} color="orange" variant="filled" data-badge="hot">
          {t('hot')}
        </Badge>
      )}
      {isNew && (
        <Badge size={size} color="teal" variant="filled" data-badge="new">
          {t('new')}
        </Badge>
      )}
    </Group>
  );
}

/** 'not for commercial use' (core-flow §6) wherever a LoRA's licence forbids it. */
export function NonCommercialBadge({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const t = useTranslations('pickers');
  return (
    <Badge size={size} color="yellow" variant="light" tt="none" data-testid="lora-notice">
      {t('loraNotice')}
    </Badge>
  );
}
