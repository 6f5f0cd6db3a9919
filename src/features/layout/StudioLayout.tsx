import { Anchor, AppShell, Box, Container, Group } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { NegativeBalanceNotice } from '~/features/billing/NegativeBalanceNotice';
import { PRICING_PATH } from '~/features/billing/paths';
import { ColorSchemeToggle, LocaleLinks, LocalePicker } from '~/features/shell/HeaderControls';
import { Logo } from '~/features/shell/Logo';
import { AccountArea } from './AccountArea';
import { AccountLinks } from './AccountLinks';
import { DevSignInBanner } from './DevSignInBanner';
import { LocalCheckoutBanner } from './LocalCheckoutBanner';
import { LocalEngineBanner } from './LocalEngineBanner';

/**
 * A page that ships no JavaScript (its `config.unstable_runtimeJS` is false) says so with this
 * static field, and the frame's controls are then links that work without a script: languages
 * are the page's own locale paths, "Sign in" is the sign-in page's address, and the colour-scheme
 * toggle, which cannot work without one, is left out.
 */
export type PageScripts = { withoutScripts?: boolean };

export function StudioLayout({ children, withoutScripts = false }: { children: ReactNode; withoutScripts?: boolean }) {
  const t = useTranslations('nav');
  const languages = withoutScripts ? <LocaleLinks /> : <LocalePicker />;
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Anchor component={Link} href="/" underline="never" aria-label={t('home')}>
                <Logo compact />
              </Anchor>
              <Group gap="md" visibleFrom="sm">
                <Anchor component={Link} href="/#tools" c="dimmed" size="sm">
                  {t('create')}
                </Anchor>
                <Anchor component={Link} href="/creations" c="dimmed" size="sm">
                  {t('creations')}
                </Anchor>
                <Anchor component={Link} href={PRICING_PATH} c="dimmed" size="sm">
                  {t('pricing')}
                </Anchor>
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {/* On a phone the header keeps the account and credits; the language picker moves to the footer. */}
              <Box visibleFrom="sm">{languages}</Box>
              {withoutScripts ? null : <ColorSchemeToggle />}
              {withoutScripts ? <AccountLinks /> : <AccountArea />}
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <DevSignInBanner />
        <LocalEngineBanner />
        <LocalCheckoutBanner />
        <NegativeBalanceNotice />
        {children}
        <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Container size="xl">
            <Group justify="space-between" gap="md">
              <Anchor component={Link} href={PRICING_PATH} c="dimmed" size="sm" data-testid="footer-pricing">
                {t('pricing')}
              </Anchor>
              {/* On a phone the language picker lives here instead of the header. */}
              <Box hiddenFrom="sm">{languages}</Box>
            </Group>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
