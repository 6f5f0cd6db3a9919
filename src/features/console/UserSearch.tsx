/** /admin/users: find a user by e-mail, name or id; each hit links to the user's page. */
import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useFormatter, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { userPath } from './paths';

/** Typing settles before the search runs. */
const SEARCH_DELAY_MS = 250;

export function UserSearch() {
  const t = useTranslations('admin.users');
  const format = useFormatter();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const hits = trpc.admin.searchUsers.useQuery({ query }, { enabled: query !== '' });
  return (
    <Paper withBorder radius="lg" p="md">
      <TextInput label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={text} onChange={(event) => setText(event.currentTarget.value)} data-testid="user-search" autoFocus />
      {query !== '' && hits.data?.length === 0 ? (
        <Text c="dimmed" mt="md" data-testid="user-search-empty">
          {t('noMatch')}
        </Text>
      ) : null}
      {hits.data && hits.data.length > 0 ? (
        <Table mt="md" striped highlightOnHover data-testid="user-hits">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('email')}</Table.Th>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('credits')}</Table.Th>
              <Table.Th>{t('state')}</Table.Th>
              <Table.Th>{t('joined')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hits.data.map((hit) => (
              <Table.Tr key={hit.id} data-testid="user-hit">
                <Table.Td>
                  <Anchor component={Link} href={userPath(hit.id)}>
                    {hit.email}
                  </Anchor>
                </Table.Td>
                <Table.Td>{hit.name ?? ''}</Table.Td>
                <Table.Td>{format.number(hit.credits)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {hit.role !== 'user' ? <Badge size="sm">{t('role', { role: hit.role })}</Badge> : null}
                    {hit.premium ? <Badge size="sm" color="violet">{t('premium')}</Badge> : null}
                    {hit.suspended ? <Badge size="sm" color="red">{t('suspended')}</Badge> : null}
                  </Group>
                </Table.Td>
                <Table.Td>{format.dateTime(new Date(hit.createdAt), { dateStyle: 'medium' })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Paper>
  );
}
