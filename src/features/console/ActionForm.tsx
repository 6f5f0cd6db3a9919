/**
 * The shape every console action form shares: its fields, a required reason, and one submit button
 * that sends the form under its action id (useActionId) and says what happened.
 */
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from '~/i18n';
import { notifyDone, notifyFailed } from './notify';
import { useActionId } from './useActionId';

type Props = {
  title: string;
  submitLabel: string;
  /** The button's colour: red for what takes something away. */
  color?: string;
  testId: string;
  children?: ReactNode;
  /** Sends the form; the reason is already trimmed and not empty. */
  send: (input: { actionId: string; reason: string }) => Promise<{ repeated: boolean }>;
  disabled?: boolean;
};

export function ActionForm({ title, submitLabel, color, testId, children, send, disabled }: Props) {
  const t = useTranslations('admin.action');
  const { actionId, renew } = useActionId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const texts = { done: t('done'), repeated: t('repeated'), failed: t('failed') };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError(t('reasonRequired'));
      return;
    }
    setReasonError(null);
    setPending(true);
    try {
      notifyDone(texts, await send({ actionId, reason: reason.trim() }));
      renew();
      setReason('');
    } catch (failure) {
      notifyFailed(texts, failure);
    } finally {
      setPending(false);
    }
  }

  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={(event: FormEvent) => void submit(event)} data-testid={testId}>
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
        <TextInput label={t('reason')} value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={reasonError} maxLength={500} data-testid={`${testId}-reason`} />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} color={color} disabled={disabled} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
