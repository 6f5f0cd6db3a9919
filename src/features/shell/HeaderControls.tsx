import { ActionIcon, Select, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/router';
import { LOCALE_NAMES, LOCALES } from '~/messages';

export function ColorSchemeToggle() {
  const t = useTranslations('nav');
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      aria-label={t('toggleTheme')}
      onClick={() => setColorScheme(computed === 'light' ? 'dark' : 'light')}
    >
      <span aria-hidden="true">{computed === 'light' ? '☾' : '☀'}</span>
    </ActionIcon>
  );
}

export function LocalePicker() {
  const t = useTranslations('nav');
  const router = useRouter();
  return (
    <Select
      aria-label={t('language')}
      size="xs"
      w={112}
      allowDeselect={false}
      value={router.locale ?? 'en'}
      data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
      onChange={(locale) => {
        if (locale) void router.push({ pathname: router.pathname, query: router.query }, router.asPath, { locale });
      }}
    />
  );
}
