import { Anchor, Avatar, Badge, Button, Group, Skeleton } from '@mantine/core';
import { useSessionStatus } from '~/features/auth/session-status';
import dynamic from 'next/dynamic';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { PRICING_PATH } from '~/features/billing/paths';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { useLiveBalance } from '~/features/user/useLiveBalance';
import { useUserDetails } from '~/features/user/useUserDetails';
import { ADMIN_PATH, isStaff } from '~/utils/staff-roles';

// The menu's popover code loads just after the page; until then the same avatar shows in its place.
const AccountMenu = dynamic(() => import('./AccountMenu').then((m) => m.AccountMenu), {
  ssr: false,
  loading: () => <Skeleton height={34} width={34} circle />,
});

export function AccountArea() {
  const t = useTranslations();
  const router = useRouter();
  const status = useSessionStatus();
  const { user, loading } = useUserDetails();
  const signInModal = useSignInModal();
  useLiveBalance(status === 'authenticated' && user !== null);

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
  const avatar = (
    <Avatar src={user.image} alt={user.name ?? user.email} radius="xl" size={34} color="violet">
      {(user.name ?? user.email).slice(0, 1).toUpperCase()}
    </Avatar>
  );
  return (
    <Group gap="xs" wrap="nowrap">
      {/* The console, for staff only (the server decides: everyone else gets a 404 there). */}
      {isStaff(user.role) ? (
        <Anchor component={Link} href={ADMIN_PATH} size="sm" fw={600} data-testid="header-admin">
          {t('nav.admin')}
        </Anchor>
      ) : null}
      {/* The balance leads to where more credits are bought; below zero (after a clawback) it turns red. */}
      <Badge
        component={Link}
        href={PRICING_PATH}
        size="lg"
        variant="light"
        color={user.credits < 0 ? 'red' : 'violet'}
        title={t('account.buyCredits')}
        data-testid="credits-badge"
        style={{ overflow: 'visible', cursor: 'pointer' }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {t('account.credits', { count: user.credits })}
      </Badge>
      {user.premium ? (
        <Badge size="lg" variant="gradient" gradient={{ from: 'violet', to: 'pink' }} data-testid="premium-badge">
          {t('account.premium')}
        </Badge>
      ) : null}
      <AccountMenu user={user} avatar={avatar} />
    </Group>
  );
}
