/** The person's API keys: name, prefix, scopes, dates, this month's spend; revoke. */
import { Badge, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { useFormatter, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';

export function KeyList() {
  const t = useTranslations('developers');
  const format = useFormatter();
  const utils = trpc.useUtils();
  const keys = trpc.keys.list.useQuery();
  const revoke = trpc.keys.revoke.useMutation({ onSuccess: () => utils.keys.list.invalidate() });
  if (keys.isLoading) return <Skeleton height={120} radius="md" />;
  if (keys.error) return <Text c="red">{t('failed')}</Text>;
  const items = keys.data?.items ?? [];
  if (items.length === 0) return <Text c="dimmed">{t('none')}</Text>;
  const date = (value: Date | string | null) => (value ? format.dateTime(new Date(value), { dateStyle: 'medium' }) : t('never'));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" data-testid="key-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('name')}</Table.Th>
            <Table.Th>{t('key')}</Table.Th>
            <Table.Th>{t('scopes')}</Table.Th>
            <Table.Th>{t('created')}</Table.Th>
            <Table.Th>{t('lastUsed')}</Table.Th>
            <Table.Th>{t('spent')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((key) => {
            const expired = key.expiresAt !== null && new Date(key.expiresAt).getTime() <= Date.now();
            return (
              <Table.Tr key={key.id} data-testid="key-row">
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {key.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {key.scopes.map((scope) => (
                      <Badge key={scope} variant="light" size="sm">
                        {t('scope', { scope })}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{date(key.createdAt)}</Table.Td>
                <Table.Td>{date(key.lastUsedAt)}</Table.Td>
                <Table.Td>{key.monthlyCreditCap === null ? t('spentNoCap', { spent: key.spentThisMonth }) : t('spentOfCap', { spent: key.spentThisMonth, cap: key.monthlyCreditCap })}</Table.Td>
                <Table.Td>
                  {key.revokedAt ? (
                    <Badge color="gray">{t('revoked')}</Badge>
                  ) : expired ? (
                    <Badge color="gray">{t('expired')}</Badge>
                  ) : (
                    <Button size="xs" variant="light" color="red" loading={revoke.isPending && revoke.variables?.id === key.id} onClick={() => revoke.mutate({ id: key.id })} data-testid="key-revoke">
                      {t('revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
