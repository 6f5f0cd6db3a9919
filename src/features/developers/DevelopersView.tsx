/**
 * Account → Developers: API keys for scripts, apps and other servers, and the endpoints that get a
 * callback when a generation ends. A new key's or endpoint's secret is shown once, here; the lists
 * never show it again. Signed out, it asks to sign in.
 */
import { Anchor, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useState } from 'react';
import { useSessionStatus } from '~/features/auth/session-status';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { useTranslations } from '~/i18n';
import { EndpointList } from './EndpointList';
import { KeyList } from './KeyList';
import { NewEndpointForm } from './NewEndpointForm';
import { NewKeyForm } from './NewKeyForm';
import { NewSecret } from './NewSecret';
import { ACCOUNT_DEVELOPERS_PATH, API_DOCS_PATH } from './paths';

export function DevelopersView() {
  const t = useTranslations('developers');
  const session = useSessionStatus();
  const signIn = useSignInModal();
  const [secret, setSecret] = useState<string | null>(null);
  const [endpointSecret, setEndpointSecret] = useState<string | null>(null);
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
          {secret ? <NewSecret secret={secret} title={t('secretTitle')} body={t('secretBody')} onDone={() => setSecret(null)} /> : null}
          <Paper withBorder radius="lg" p="md">
            <NewKeyForm onCreated={setSecret} />
          </Paper>
          <KeyList />
          <Title order={2} size="h3" mt="lg">
            {t('endpointsTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('endpointsBody')}
          </Text>
          {endpointSecret ? (
            <NewSecret secret={endpointSecret} title={t('endpointSecretTitle')} body={t('endpointSecretBody')} onDone={() => setEndpointSecret(null)} />
          ) : null}
          <Paper withBorder radius="lg" p="md">
            <NewEndpointForm onCreated={setEndpointSecret} />
          </Paper>
          <EndpointList />
        </Stack>
      )}
    </Container>
  );
}
