/** Every console page's frame: its title and the console's sections (the audit log for admins only). */
import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import Link from 'next/link';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { useTranslations } from '~/i18n';
import { roleCovers, type StaffRole } from '~/utils/staff-roles';
import { CONSOLE_PATHS } from './paths';

const SECTIONS = [
  { key: 'overview', href: CONSOLE_PATHS.overview, needed: 'support' },
  { key: 'users', href: CONSOLE_PATHS.users, needed: 'support' },
  { key: 'jobs', href: CONSOLE_PATHS.jobs, needed: 'support' },
  { key: 'payments', href: CONSOLE_PATHS.payments, needed: 'support' },
  { key: 'moderation', href: CONSOLE_PATHS.moderation, needed: 'support' },
  { key: 'audit', href: CONSOLE_PATHS.audit, needed: 'admin' },
] as const;

export function ConsoleFrame({ role, title, children }: { role: StaffRole; title: string; children: ReactNode }) {
  const t = useTranslations('admin.nav');
  const { pathname } = useRouter();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group gap="md" component="nav" aria-label={t('label')} data-testid="console-nav">
          {SECTIONS.filter((section) => roleCovers(role, section.needed)).map((section) => (
            <Anchor key={section.key} component={Link} href={section.href} fw={pathname === section.href ? 700 : 400} size="sm">
              {t(section.key)}
            </Anchor>
          ))}
        </Group>
        <Title order={2}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
