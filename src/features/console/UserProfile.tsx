/**
 * /admin/users/[id]: a user as staff see them (balance, plan and subscription, role, suspension,
 * sign-in method, joined and last seen), the ledger, generations and purchases, and for admins the
 * actions: credits, premium, suspension, role.
 */
import { Badge, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PurchasesTable } from './PurchasesTable';
import { useFormatter, useTranslations } from '~/i18n';
import { roleCovers, type StaffRole } from '~/utils/staff-roles';
import { trpc } from '~/utils/trpc';
import { CreditsForm } from './CreditsForm';
import { JobsTable } from './JobsTable';
import { PremiumForm } from './PremiumForm';
import { DeleteUserForm } from './DeleteUserForm';
import { RoleForm } from './RoleForm';
import { SuspendForm } from './SuspendForm';
import { UserLedger } from './UserLedger';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function UserProfile({ userId, role }: { userId: string; role: StaffRole }) {
  const t = useTranslations('admin.user');
  const format = useFormatter();
  const profile = trpc.admin.user.useQuery({ userId });
  const user = profile.data;
  if (profile.isError) return <Text c="red">{profile.error.message}</Text>;
  if (!user) return null;
  const when = (date: Date | null) => (date ? format.dateTime(new Date(date), { dateStyle: 'medium', timeStyle: 'short' }) : t('never'));
  const plan = user.subscription ? t('subscription', { status: user.subscription.status, until: format.dateTime(new Date(user.subscription.currentPeriodEnd), { dateStyle: 'medium' }) }) : t('noSubscription');
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md" data-testid="user-profile">
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={3}>{user.email}</Title>
            {user.name ? <Text c="dimmed">{user.name}</Text> : null}
            <Badge>{t('roleName', { role: user.role })}</Badge>
            {user.premium ? <Badge color="violet">{t('premium')}</Badge> : null}
            {user.suspendedAt ? (
              <Badge color="red" data-testid="user-suspended">
                {t('suspendedSince', { when: when(user.suspendedAt) })}
              </Badge>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <Fact label={t('balance')} value={format.number(user.credits)} testId="user-balance" />
            <Fact label={t('plan')} value={plan} />
            <Fact label={t('premiumByHand')} value={user.manualPremium ? (user.manualPremium.until ? t('until', { when: when(user.manualPremium.until) }) : t('noEnd')) : t('no')} />
            <Fact label={t('signIn')} value={user.signInMethods.length > 0 ? user.signInMethods.join(', ') : t('emailSignIn')} />
            <Fact label={t('joined')} value={when(user.createdAt)} />
            <Fact label={t('lastSeen')} value={when(user.lastSeenAt)} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {user.id}
          </Text>
        </Stack>
      </Paper>
      {roleCovers(role, 'admin') ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CreditsForm userId={user.id} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PremiumForm key={String(user.manualPremium !== null)} userId={user.id} byHand={user.manualPremium !== null} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SuspendForm userId={user.id} suspended={user.suspendedAt !== null} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <RoleForm key={user.role} userId={user.id} role={user.role} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DeleteUserForm userId={user.id} />
          </Grid.Col>
        </Grid>
      ) : null}
      <UserLedger userId={user.id} />
      <Title order={4}>{t('generations')}</Title>
      <JobsTable filters={{ userId: user.id }} role={role} showOwner={false} />
      <Title order={4}>{t('purchases')}</Title>
      <PurchasesTable userId={user.id} />
    </Stack>
  );
}
