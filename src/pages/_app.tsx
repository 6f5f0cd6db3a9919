import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SessionProvider } from 'next-auth/react';
import { NextIntlClientProvider } from 'next-intl';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { useMemo } from 'react';
import { SignInModalProvider } from '~/features/auth/SignInModalProvider';
import { StudioLayout } from '~/features/shell/StudioLayout';
import { theme } from '~/features/shell/theme';
import { TrpcProvider } from '~/features/shell/TrpcProvider';
import { messagesFor } from '~/messages';

export default function StudioApp({ Component, pageProps }: AppProps) {
  const { locale } = useRouter();
  const messages = useMemo(() => messagesFor(locale), [locale]);
  return (
    <SessionProvider session={(pageProps as { session?: never }).session} refetchOnWindowFocus={false}>
      <TrpcProvider>
        <NextIntlClientProvider locale={locale ?? 'en'} messages={messages} timeZone="UTC">
          <MantineProvider theme={theme} defaultColorScheme="auto">
            <Head>
              <title>Lumen Studio</title>
              <meta name="description" content={messages.app.tagline} />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
            </Head>
            {/* Toast limit 1: showToast() also clears the current one so a new toast replaces it. */}
            <Notifications limit={1} position="top-right" />
            <SignInModalProvider>
              <StudioLayout>
                <Component {...pageProps} />
              </StudioLayout>
            </SignInModalProvider>
          </MantineProvider>
        </NextIntlClientProvider>
      </TrpcProvider>
    </SessionProvider>
  );
}
