/**
 * Delete my account: the person types their e-mail to confirm; a wrong one deletes nothing. Once
 * deleted, the browser signs out (the server already refuses the old session) and lands on the home
 * page signed out.
 */
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { appCodeOf } from '~/features/errors/request-error';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';

export function DeleteAccountPanel() {
  const t = useTranslations('privacy');
  const [email, setEmail] = useState('');
  const remove = trpc.privacy.deleteAccount.useMutation({
    onSuccess: () => void signOut({ callbackUrl: '/' }),
  });
  const code = remove.isError ? appCodeOf(remove.error) : null;
  const failure = !remove.isError ? null : code === 'validation_failed' ? t('deleteWrongEmail') : code === 'provider_error' ? t('deleteSubscriptionFailed') : t('deleteFailed');
  return (
    <Paper withBorder radius="lg" p="md" data-testid="privacy-delete" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim() !== '') remove.mutate({ email: email.trim() });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('deleteTitle')}
          </Title>
          <Text size="sm">{t('deleteBody')}</Text>
          <TextInput
            type="email"
            label={t('deleteConfirmLabel')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={failure}
            autoComplete="off"
            data-testid="privacy-delete-email"
          />
          {remove.isSuccess ? <Text size="sm">{t('deleteDone')}</Text> : null}
          <Button type="submit" color="red" loading={remove.isPending} disabled={email.trim() === '' || remove.isSuccess} data-testid="privacy-delete-submit" style={{ alignSelf: 'flex-start' }}>
            {t('deleteButton')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
