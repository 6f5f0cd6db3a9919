/** Adding a callback endpoint: its https URL and the events it wants. */
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { serverMessage } from '~/features/errors/request-error';
import { useTranslations } from '~/i18n';
import { CALLBACK_EVENTS, type CallbackEvent } from '~/utils/callback-events';
import { trpc } from '~/utils/trpc';
import { eventLabelKey } from './event-label';

export function NewEndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useTranslations('developers');
  const utils = trpc.useUtils();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<CallbackEvent[]>([...CALLBACK_EVENTS]);
  const create = trpc.callbacks.create.useMutation({
    onSuccess: async (made) => {
      setUrl('');
      onCreated(made.secret);
      await utils.callbacks.list.invalidate();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ url, events });
      }}
      data-testid="new-endpoint-form"
    >
      <Stack gap="sm">
        <TextInput
          label={t('endpointUrl')}
          description={t('endpointUrlHint')}
          placeholder="https://example.com/studio-events"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          required
          maxLength={2000}
          data-testid="endpoint-url"
        />
        <Checkbox.Group label={t('events')} value={events} onChange={(value) => setEvents(value as CallbackEvent[])}>
          <Group gap="md" mt={4}>
            {CALLBACK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={t('eventName', { event: eventLabelKey(event) })} data-testid={`event-${event}`} />
            ))}
          </Group>
        </Checkbox.Group>
        {create.error ? (
          <div role="alert" style={{ color: 'var(--mantine-color-red-text)' }} data-testid="endpoint-error">
            {serverMessage(create.error) ?? t('failed')}
          </div>
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={events.length === 0} data-testid="endpoint-create">
            {t('addEndpoint')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
