/**
 * Account → Privacy: what the studio keeps and for how long, "Download my data" and "Delete my
 * account". Signed out, it says what is kept and asks to sign in for the rest.
 */
import { Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSessionStatus } from '~/features/auth/session-status';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { useTranslations } from '~/i18n';
import { DataExportPanel } from './DataExportPanel';
import { DeleteAccountPanel } from './DeleteAccountPanel';
import { ACCOUNT_PRIVACY_PATH } from './paths';
import { RetentionFacts } from './RetentionFacts';

export function PrivacyView({ uploadRetentionDays }: { uploadRetentionDays: number }) {
  const t = useTranslations('privacy');
  const session = useSessionStatus();
  const signIn = useSignInModal();
  return (
    <Container size="md" py="xl" data-testid="account-privacy">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('body')}</Text>
      </Stack>
      <Stack gap="lg">
        <RetentionFacts uploadRetentionDays={uploadRetentionDays} />
        {session === 'unauthenticated' ? (
          <Paper withBorder radius="lg" p="xl">
            <Stack align="center" gap="sm">
              <Text>{t('signInPrompt')}</Text>
              <Button onClick={() => signIn.open(ACCOUNT_PRIVACY_PATH)}>{t('signIn')}</Button>
            </Stack>
          </Paper>
        ) : session === 'loading' ? (
          <Skeleton height={240} radius="lg" />
        ) : (
          <>
            <DataExportPanel />
            <DeleteAccountPanel />
          </>
        )}
      </Stack>
    </Container>
  );
}
