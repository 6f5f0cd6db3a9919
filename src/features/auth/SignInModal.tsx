/**
 * The sign-in modal (core-flow §2, §4): logo linking to the locale home, the invitation text, a
 * close button and the Google button (idle → loading → navigate; destructive toast on failure).
 * Only what the server says works is offered: the Google button when Google is configured, the
 * development sign-in's own form when it is on.
 */
import { Anchor, Button, Divider, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { signIn } from 'next-auth/react';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { showToast } from '~/features/toast/toast';
import { Logo } from '~/features/shell/Logo';
import { useSystemStatusQuery } from '~/features/maintenance/useSystemStatus';
import { resolveCallbackUrl } from './callback-url';
import { GoogleIcon } from './GoogleIcon';
import { DEV_SIGNIN_PROVIDER_ID, GOOGLE_PROVIDER_ID } from '~/utils/auth-provider-ids';
import { SUSPENDED_SIGN_IN_ERROR } from '~/utils/staff-roles';

type Props = { opened: boolean; callbackUrl?: string; onClose: () => void };

export function SignInModal({ opened, callbackUrl, onClose }: Props) {
  const t = useTranslations('auth');
  const router = useRouter();
  const status = useSystemStatusQuery();
  const [pending, setPending] = useState<'google' | 'dev' | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const target = resolveCallbackUrl(callbackUrl, router.query.callbackUrl);

  async function run(provider: string, options: Record<string, string>, which: 'google' | 'dev') {
    setPending(which);
    try {
      const result = await signIn(provider, { ...options, callbackUrl: target, redirect: false });
      if (!result || result.error || !result.url) {
        setPending(null);
        showToast({ title: t('failedTitle'), description: result?.error === SUSPENDED_SIGN_IN_ERROR ? t('suspended') : t('failedGoogle'), variant: 'destructive' });
        return;
      }
      window.location.href = result.url;
    } catch {
      setPending(null);
      showToast({ title: t('failedTitle'), description: t('failedUnexpected'), variant: 'destructive' });
    }
  }

  function submitDev(event: FormEvent) {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setEmailError(t('devInvalidEmail'));
      return;
    }
    setEmailError(null);
    void run(DEV_SIGNIN_PROVIDER_ID, { email: email.trim() }, 'dev');
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      overlayProps={{ backgroundOpacity: 0.6, blur: 3 }}
      closeButtonProps={{ 'aria-label': t('close') }}
      // The invitation names the dialog for screen readers; the logo sits above it in the body.
      // Mantine renders the title as the dialog's one h2: pass text, not another heading.
      title={t('modalTitle')}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-h4-font-size)' } }}
    >
      <Stack gap="lg" py="sm">
        <Group justify="center">
          <Anchor component={Link} href="/" locale={router.locale} aria-label={t('logoHome')} onClick={onClose}>
            <Logo />
          </Anchor>
        </Group>
        {!status.data ? (
          <Skeleton h={42} radius="sm" data-testid="signin-options-loading" />
        ) : !status.data.googleSignIn && !status.data.devSignIn ? (
          <Text ta="center" c="dimmed" data-testid="no-signin-method">
            {t('noSignInMethod')}
          </Text>
        ) : null}
        {status.data?.googleSignIn ? (
          <Button
            size="md"
            variant="default"
            leftSection={<GoogleIcon />}
            loading={pending === 'google'}
            disabled={pending !== null}
            onClick={() => void run(GOOGLE_PROVIDER_ID, {}, 'google')}
            data-testid="google-signin"
          >
            {t('google')}
          </Button>
        ) : null}
        {status.data?.devSignIn ? (
          <form onSubmit={submitDev} data-testid="dev-signin-form">
            <Stack gap="xs">
              {status.data.googleSignIn ? <Divider label={t('or')} labelPosition="center" /> : null}
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {t('devSectionTitle')}
                </Text>
              </Group>
              <TextInput
                type="email"
                label={t('devEmailLabel')}
                placeholder={t('devEmailPlaceholder')}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={emailError}
                autoComplete="email"
                name="email"
              />
              <Button type="submit" loading={pending === 'dev'} disabled={pending !== null}>
                {t('devSubmit')}
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Modal>
  );
}
