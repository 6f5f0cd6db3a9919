/** video_effect_selector: the effect templates of the control's model as picture cards. */
import { Stack, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useMemo } from 'react';
import { usePickerContent } from './usePickerContent';
import type { ControlProps } from '../types';
import { HotNewBadges } from './badges';
import { ChoiceCards, type ChoiceCard } from './ChoiceCards';

export function VideoEffectSelectorControl({ control, value, onChange, error, disabled }: ControlProps<'video_effect_selector'>) {
  const t = useTranslations('pickers');
  const content = usePickerContent();
  const effects = useMemo(() => (content?.videoEffects ?? []).filter((e) => e.modelId === control.modelId), [content, control.modelId]);
  const choices: ChoiceCard[] = effects.map((effect) => ({
    value: effect.id,
    label: effect.name,
    image: effect.previewImage,
    badges: <HotNewBadges isHot={effect.isHot} isNew={effect.isNew} />,
  }));
  const selectedId = typeof value === 'string' ? value : (control.default ?? null);
  const selected = selectedId ? content?.getVideoEffect(selectedId) : undefined;

  return (
    <ChoiceCards
      name={control.name}
      label={control.label}
      description={control.description}
      required={control.required}
      error={error}
      value={selected && selected.modelId === control.modelId ? selected.id : null}
      onChange={onChange}
      choices={choices}
      disabled={disabled}
      cols={{ base: 2, xs: 3 }}
      imageRatio="1 / 1"
      footer={
        selected ? (
          <Stack gap={6} mt={8}>
            {selected.previewVideo && (
              <video
                key={selected.id}
                src={selected.previewVideo}
                poster={selected.previewImage}
                muted
                loop
                autoPlay
                playsInline
                aria-label={selected.name}
                style={{ width: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 8, background: '#000' }}
              />
            )}
            <Text size="xs" c="dimmed" data-testid={`control-${control.name}-description`}>
              {selected.description}
              {selected.imageCount === 2 ? ` · ${t('twoPhotos')}` : ''}
            </Text>
          </Stack>
        ) : null
      }
    />
  );
}
