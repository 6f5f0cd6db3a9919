import { ActionIcon, Anchor, Group, NativeSelect, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
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

/**
 * The languages as links to this page in each of them (/fr/c/{id}, ...): what a page without
 * JavaScript offers in place of the picker, which needs a script to move.
 */
export function LocaleLinks() {
  const t = useTranslations('nav');
  const router = useRouter();
  const current = router.locale ?? 'en';
  return (
    <Group component="nav" aria-label={t('language')} gap={8} wrap="nowrap" data-testid="locale-links">
      {LOCALES.map((locale) => (
        <Anchor
          key={locale}
          component={Link}
          href={router.asPath}
          locale={locale}
          hrefLang={locale}
          lang={locale}
          aria-label={LOCALE_NAMES[locale]}
          aria-current={locale === current ? 'page' : undefined}
          size="xs"
          c={locale === current ? undefined : 'dimmed'}
          fw={locale === current ? 700 : undefined}
        >
          {locale.toUpperCase()}
        </Anchor>
      ))}
    </Group>
  );
}
