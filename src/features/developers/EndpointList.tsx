/** The person's callback endpoints: URL, events, state (a disabled one says why and can be enabled again); test event, log, delete. */
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { serverMessage } from '~/features/errors/request-error';
import { useFormatter, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { AttemptLog } from './AttemptLog';
import { eventLabelKey } from './event-label';

export function EndpointList() {
  const t = useTranslations('developers');
  const format = useFormatter();
  const utils = trpc.useUtils();
  const endpoints = trpc.callbacks.list.useQuery();
  const [open, setOpen] = useState<string | null>(null);
  const remove = trpc.callbacks.remove.useMutation({ onSuccess: () => utils.callbacks.list.invalidate() });
  const sendTest = trpc.callbacks.sendTest.useMutation({ onSuccess: (_sent, input) => setOpen(input.id) });
  const enable = trpc.callbacks.enable.useMutation({ onSuccess: () => utils.callbacks.list.invalidate() });
  if (endpoints.isLoading) return <Skeleton height={120} radius="md" />;
  if (endpoints.error) return <Text c="red">{t('failed')}</Text>;
  const items = endpoints.data?.items ?? [];
  if (items.length === 0) return <Text c="dimmed">{t('noEndpoints')}</Text>;
  const date = (value: Date | string) => format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="sm" data-testid="endpoint-list">
      {items.map((endpoint) => (
        <Paper key={endpoint.id} withBorder radius="md" p="md" data-testid="endpoint-row">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                  {endpoint.url}
                </Text>
                <Group gap={4}>
                  {endpoint.events.map((event) => (
                    <Badge key={event} variant="light" size="sm">
                      {t('eventName', { event: eventLabelKey(event) })}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              {endpoint.disabledAt ? (
                <Badge color="red">{t('disabled')}</Badge>
              ) : endpoint.failingSince ? (
                <Badge color="orange">{t('failing', { date: date(endpoint.failingSince) })}</Badge>
              ) : (
                <Badge color="teal">{t('active')}</Badge>
              )}
            </Group>
            {endpoint.disabledAt ? (
              <Text size="sm" c="red" data-testid="endpoint-disabled-reason">
                {t('disabledReason', { date: date(endpoint.disabledAt), reason: endpoint.disabledReason ?? '' })}
              </Text>
            ) : null}
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                disabled={endpoint.disabledAt !== null}
                loading={sendTest.isPending && sendTest.variables?.id === endpoint.id}
                onClick={() => sendTest.mutate({ id: endpoint.id })}
                data-testid="endpoint-test"
              >
                {t('sendTest')}
              </Button>
              {endpoint.disabledAt ? (
                <Button
                  size="xs"
                  variant="light"
                  color="teal"
                  loading={enable.isPending && enable.variables?.id === endpoint.id}
                  onClick={() => enable.mutate({ id: endpoint.id })}
                  data-testid="endpoint-enable"
                >
                  {t('enableEndpoint')}
                </Button>
              ) : null}
              <Button size="xs" variant="subtle" onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)} data-testid="endpoint-log">
                {open === endpoint.id ? t('hideLog') : t('showLog')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={remove.isPending && remove.variables?.id === endpoint.id}
                onClick={() => remove.mutate({ id: endpoint.id })}
                data-testid="endpoint-delete"
              >
                {t('deleteEndpoint')}
              </Button>
            </Group>
            {enable.error && enable.variables?.id === endpoint.id ? (
              <Text size="sm" c="red" role="alert">
                {serverMessage(enable.error) ?? t('failed')}
              </Text>
            ) : null}
            {sendTest.error && sendTest.variables?.id === endpoint.id ? (
              <Text size="sm" c="red" role="alert">
                {serverMessage(sendTest.error) ?? t('failed')}
              </Text>
            ) : null}
            {sendTest.isSuccess && sendTest.variables?.id === endpoint.id ? <Text size="sm">{t('testQueued')}</Text> : null}
            {open === endpoint.id ? <AttemptLog endpointId={endpoint.id} /> : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
