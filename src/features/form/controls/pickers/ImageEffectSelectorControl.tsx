/**
 * image_effect_selector: the effect dropdown of tool-catalogue §2 — search, a count of effects
 * found, 'No effects found matching' when empty, closes on Escape or an outside click, hot and new
 * badges. With navigation on (the control's `navigate`, or the `navigate` prop, which wins) choosing
 * an effect goes to {locale}/image-effects/{effectId}; otherwise it only sets the effect.
 */
import { Box, Combobox, Group, Input, InputBase, ScrollArea, Stack, Text, useCombobox } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useRouter } from 'next/router';
import { useMemo, useState } from 'react';
import { searchEffects, type ImageEffect } from '~/catalogue/public';
import { SearchIcon } from '~/features/uploads/icons';
import type { ControlProps } from '../types';
import { HotNewBadges } from './badges';
import { usePickerContent } from './usePickerContent';


/** The route of an effect's own page. */
const EFFECT_PAGE = '/image-effects/[effectId]';

function EffectRow({ effect, size = 40 }: { effect: ImageEffect; size?: number }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={effect.previewImage}
        alt=""
        loading="lazy"
        width={size}
        height={size}
        style={{ width: size, height: size, objectFit: 'cover', borderRadius: 6, flex: '0 0 auto', background: 'var(--mantine-color-default-hover)' }}
      />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} truncate>
            {effect.name}
          </Text>
          <HotNewBadges isHot={effect.isHot} isNew={effect.isNew} />
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {effect.description}
        </Text>
      </Stack>
    </Group>
  );
}

export type ImageEffectSelectorProps = ControlProps<'image_effect_selector'> & {
  /** Overrides the control's `navigate` option. */
  navigate?: boolean;
};

export function ImageEffectSelectorControl({ control, value, onChange, error, disabled, navigate }: ImageEffectSelectorProps) {
  const t = useTranslations('pickers');
  const router = useRouter();
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const content = usePickerContent();
  const getImageEffect = (id: string) => content?.getImageEffect(id);
  const selected = getImageEffect(typeof value === 'string' ? value : '') ?? (control.default ? getImageEffect(control.default) : undefined);
  const found = useMemo(() => searchEffects(content?.imageEffects ?? [], search), [content, search]);
  // Only /image-effects/{id} moves to the chosen effect's address: a shallow push keeps its own
  // state. From another page (Photo Effects inside a /create/... app) a push would load a different
  // page and lose the uploaded photo and the settings, so there choosing only sets the effect.
  const onEffectPage = router.pathname === EFFECT_PAGE;
  const navigates = (navigate ?? control.navigate ?? false) && onEffectPage;

  const choose = (id: string) => {
    combobox.closeDropdown();
    onChange(id);
    if (navigates && id !== selected?.id) {
      // Next adds the current locale's prefix (none for English). Shallow: the page keeps its
      // state (the uploaded photo, the settings) and only the address and header change.
      void router.push(`/image-effects/${encodeURIComponent(id)}`, undefined, { locale: router.locale, shallow: true, scroll: false });
    }
  };

  const labelId = `control-${control.name}-label`;

  return (
    <Input.Wrapper label={control.label} description={control.description} error={error || undefined} required={control.required} labelProps={{ id: labelId }}>
      <Box mt={control.description ? 6 : 4}>
        <Combobox store={combobox} onOptionSubmit={choose} withinPortal position="bottom-start" shadow="md" disabled={disabled} middlewares={{ flip: true, shift: true }}>
          <Combobox.Target targetType="button">
            <InputBase
              component="button"
              type="button"
              pointer
              disabled={disabled}
              rightSection={<Combobox.Chevron />}
              rightSectionPointerEvents="none"
              onClick={() => combobox.toggleDropdown()}
              aria-labelledby={labelId}
              data-testid={`control-${control.name}-target`}
              styles={{ input: { height: 'auto', minHeight: 56, paddingTop: 8, paddingBottom: 8 } }}
            >
              {selected ? (
                <EffectRow effect={selected} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('effectChoose')}
                </Text>
              )}
            </InputBase>
          </Combobox.Target>

          <Combobox.Dropdown data-testid={`control-${control.name}-dropdown`} miw={280}>
            <Combobox.Search
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                combobox.updateSelectedOptionIndex();
              }}
              placeholder={t('effectSearch')}
              aria-label={t('effectSearchLabel')}
              leftSection={<SearchIcon size={14} />}
            />
            <Text size="xs" c="dimmed" px="xs" pt={6} pb={2} aria-live="polite" data-testid="effect-count">
              {t('effectCount', { count: found.length })}
            </Text>
            <Combobox.Options>
              <ScrollArea.Autosize mah={320} type="scroll">
                {found.length === 0 ? (
                  <Combobox.Empty>{t('effectEmpty', { query: search.trim() })}</Combobox.Empty>
                ) : (
                  found.map((effect) => (
                    <Combobox.Option value={effect.id} key={effect.id} active={effect.id === selected?.id} data-testid={`effect-option-${effect.id}`}>
                      <EffectRow effect={effect} size={36} />
                    </Combobox.Option>
                  ))
                )}
              </ScrollArea.Autosize>
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
      </Box>
    </Input.Wrapper>
  );
}
