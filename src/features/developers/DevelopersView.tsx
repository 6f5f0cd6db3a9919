/**
 * Account → Developers: API keys for scripts, apps and other servers. A new key's secret is shown
 * once, here; the list shows each key's prefix only. Signed out, it asks to sign in.
 */
import { Alert, Anchor, Button, Code, Container, CopyButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useState } from 'react';
import { useSessionStatus } from '~/features/auth/session-status';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { useTranslations } from '~/i18n';
import { KeyList } from './KeyList';
import { NewKeyForm } from './NewKeyForm';
import { ACCOUNT_DEVELOPERS_PATH, API_DOCS_PATH } from './paths';

function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useTranslations('developers');
  return (
    <Alert color="yellow" title={t('secretTitle')} data-testid="new-secret">
      <Stack gap="xs">
        <Text size="sm">{t('secretBody')}</Text>
        <Code block data-testid="new-secret-value">
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>{({ copied, copy }) => <Button size="xs" onClick={copy}>{copied ? t('copied') : t('copy')}</Button>}</CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('secretDone')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function DevelopersView() {
  const t = useTranslations('developers');
  const session = useSessionStatus();
  const signIn = useSignInModal();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Container size="lg" py="xl" data-testid="account-developers">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">
          {t('body')}{' '}
          <Anchor component={Link} href={API_DOCS_PATH}>
            {t('docsLink')}
          </Anchor>
        </Text>
      </Stack>
      {session === 'unauthenticated' ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="sm">
            <Text>{t('signInPrompt')}</Text>
            <Button onClick={() => signIn.open(ACCOUNT_DEVELOPERS_PATH)}>{t('signIn')}</Button>
          </Stack>
        </Paper>
      ) : session === 'loading' ? (
        <Skeleton height={240} radius="lg" />
      ) : (
        <Stack gap="lg">
          <Title order={2} size="h3">
            {t('keysTitle')}
          </Title>
          {secret ? <NewSecret secret={secret} onDone={() => setSecret(null)} /> : null}
          <Paper withBorder radius="lg" p="md">
            <NewKeyForm onCreated={setSecret} />
          </Paper>
          <KeyList />
        </Stack>
      )}
    </Container>
  );
}
