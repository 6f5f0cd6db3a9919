import { ActionIcon, NativeSelect, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useRouter } from 'next/router';
import { LOCALE_NAMES, LOCALES } from '~/messages/locales';

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

/** A native select: the platform's own picker on phones, and no combobox code in every page's first load. */
export function LocalePicker() {
  const t = useTranslations('nav');
  const router = useRouter();
  return (
    <NativeSelect
      aria-label={t('language')}
      size="xs"
      w={112}
      value={router.locale ?? 'en'}
      data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (locale) void router.push({ pathname: router.pathname, query: router.query }, router.asPath, { locale });
      }}
    />
  );
}
