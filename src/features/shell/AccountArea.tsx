import { Avatar, Badge, Button, Group, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { signOut, useSession } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { useUserDetails } from '~/features/user/useUserDetails';

export function AccountArea() {
  const t = useTranslations();
  const router = useRouter();
  const { status } = useSession();
  const { user, loading } = useUserDetails();
  const signInModal = useSignInModal();

  if (status === 'loading' || loading) return <Skeleton height={32} width={140} radius="xl" />;
  if (status !== 'authenticated' || !user) {
    return (
      <Button
        radius="xl"
        onClick={() => signInModal.open(pathWithoutLocale(router.asPath, router.locales ?? []))}
        data-testid="header-signin"
      >
        {t('auth.signIn')}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge size="lg" variant="light" color="violet" data-testid="credits-badge" style={{ overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
        {t('account.credits', { count: user.credits })}
      </Badge>
      {user.premium ? (
        <Badge size="lg" variant="gradient" gradient={{ from: 'violet', to: 'pink' }} data-testid="premium-badge">
          {t('account.premium')}
        </Badge>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('account.menuLabel')}>
            <Avatar src={user.image} alt={user.name ?? user.email} radius="xl" size={34} color="violet">
              {(user.name ?? user.email).slice(0, 1).toUpperCase()}
            </Avatar>
          </UnstyledButton>
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
          <Menu.Item color="red" onClick={() => void signOut({ callbackUrl: router.asPath })}>
            {t('auth.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
