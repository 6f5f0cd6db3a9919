/** The signed-in person's menu: email, plan, their creations, billing, developers (API keys), privacy and sign out. */
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { signOut } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { useTranslations } from '~/i18n';
import { ACCOUNT_BILLING_PATH } from '~/features/billing/paths';
import { ACCOUNT_DEVELOPERS_PATH } from '~/features/developers/paths';
import { ACCOUNT_PRIVACY_PATH } from '~/features/privacy/paths';
import type { UserDetails } from '~/features/user/useUserDetails';

export function AccountMenu({ user, avatar }: { user: UserDetails; avatar: ReactNode }) {
  const t = useTranslations();
  const router = useRouter();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('account.menuLabel')}>{avatar}</UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs">{user.email}</Text>
          <Text size="xs" c="dimmed">
            {user.premium ? t('account.premium') : t('account.free')}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} href="/creations">
          {t('nav.creations')}
        </Menu.Item>
        <Menu.Item component={Link} href={ACCOUNT_BILLING_PATH} data-testid="menu-billing">
          {t('account.billing')}
        </Menu.Item>
        <Menu.Item component={Link} href={ACCOUNT_DEVELOPERS_PATH} data-testid="menu-developers">
          {t('account.developers')}
        </Menu.Item>
        <Menu.Item component={Link} href={ACCOUNT_PRIVACY_PATH} data-testid="menu-privacy">
          {t('account.privacy')}
        </Menu.Item>
        <Menu.Item color="red" onClick={() => void signOut({ callbackUrl: router.asPath })}>
          {t('auth.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
