/** Creating an API key: a name, its scopes, an optional expiry and monthly credit cap. */
import { Button, Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
// NumberInput's own stylesheet, loaded with the one form that uses it (the shell ships only the common ones).
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import { serverMessage } from '~/features/errors/request-error';
import { useTranslations } from '~/i18n';
import { API_KEY_SCOPES, type ApiKeyScope } from '~/utils/api-scopes';
import { trpc } from '~/utils/trpc';

/** A date input's day, as the end of that day in UTC (a key made to expire "on" a day works through it). */
function endOfDay(day: string): Date | null {
  return day === '' ? null : new Date(`${day}T23:59:59.999Z`);
}

export function NewKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useTranslations('developers');
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['generate', 'read']);
  const [expiry, setExpiry] = useState('');
  const [cap, setCap] = useState<number | string>('');
  const create = trpc.keys.create.useMutation({
    onSuccess: async (made) => {
      setName('');
      setExpiry('');
      setCap('');
      onCreated(made.secret);
      await utils.keys.list.invalidate();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ name, scopes, expiresAt: endOfDay(expiry), monthlyCreditCap: typeof cap === 'number' ? cap : null });
      }}
      data-testid="new-key-form"
    >
      <Stack gap="sm">
        <TextInput label={t('name')} value={name} onChange={(event) => setName(event.currentTarget.value)} required maxLength={60} data-testid="key-name" />
        <Checkbox.Group label={t('scopes')} value={scopes} onChange={(value) => setScopes(value as ApiKeyScope[])}>
          <Group gap="md" mt={4}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={t('scope', { scope })} data-testid={`scope-${scope}`} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group grow align="flex-start">
          <TextInput type="date" label={t('expiry')} description={t('expiryHint')} value={expiry} onChange={(event) => setExpiry(event.currentTarget.value)} data-testid="key-expiry" />
          <NumberInput label={t('cap')} description={t('capHint')} value={cap} onChange={setCap} min={1} allowDecimal={false} data-testid="key-cap" />
        </Group>
        {create.error ? (
          <div role="alert" style={{ color: 'var(--mantine-color-red-text)' }} data-testid="key-error">
            {serverMessage(create.error) ?? t('failed')}
          </div>
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={scopes.length === 0} data-testid="key-create">
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
