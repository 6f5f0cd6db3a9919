import { Anchor, AppShell, Box, Container, Group } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AccountArea } from './AccountArea';
import { DevSignInBanner } from './DevSignInBanner';
import { LocalEngineBanner } from './LocalEngineBanner';
import { ColorSchemeToggle, LocalePicker } from './HeaderControls';
import { Logo } from './Logo';

export function StudioLayout({ children }: { children: ReactNode }) {
  const t = useTranslations('nav');
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
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {/* On a phone the header keeps the account and credits; the language picker moves to the footer. */}
              <Box visibleFrom="sm">
                <LocalePicker />
              </Box>
              <ColorSchemeToggle />
              <AccountArea />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <DevSignInBanner />
        <LocalEngineBanner />
        {children}
        <Box component="footer" hiddenFrom="sm" py="lg">
          <Container size="xl">
            <LocalePicker />
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
