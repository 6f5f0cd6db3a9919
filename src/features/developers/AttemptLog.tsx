/** An endpoint's last 100 attempts, newest first: time, event, status, and what the receiver answered. */
import { Code, Skeleton, Table, Text } from '@mantine/core';
import { useFormatter, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { eventLabelKey } from './event-label';

export function AttemptLog({ endpointId }: { endpointId: string }) {
  const t = useTranslations('developers');
  const format = useFormatter();
  // Attempts happen on the server's schedule: an open log looks again now and then.
  const log = trpc.callbacks.attempts.useQuery({ id: endpointId }, { refetchInterval: 5_000 });
  if (log.isLoading) return <Skeleton height={80} radius="md" />;
  if (log.error) return <Text c="red">{t('failed')}</Text>;
  const items = log.data?.items ?? [];
  if (items.length === 0) return <Text c="dimmed" size="sm">{t('logEmpty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} fz="sm" data-testid="attempt-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('attemptTime')}</Table.Th>
            <Table.Th>{t('attemptEvent')}</Table.Th>
            <Table.Th>{t('attemptStatus')}</Table.Th>
            <Table.Th>{t('attemptAnswer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((attempt) => (
            <Table.Tr key={attempt.id} data-testid="attempt-row">
              <Table.Td>{format.dateTime(new Date(attempt.at), { dateStyle: 'medium', timeStyle: 'medium' })}</Table.Td>
              <Table.Td>{t('eventName', { event: eventLabelKey(attempt.event) })}</Table.Td>
              <Table.Td>
                <Text size="sm" c={attempt.error ? 'red' : 'teal'}>
                  {attempt.status ?? t('noAnswer')}
                </Text>
              </Table.Td>
              <Table.Td>
                {attempt.error ? <Text size="sm">{attempt.error}</Text> : null}
                {attempt.response ? (
                  <Code block mah={120} style={{ overflow: 'auto' }}>
                    {attempt.response}
                  </Code>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
