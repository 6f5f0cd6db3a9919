import '~/features/shell/mantine-styles';
import { MantineProvider } from '@mantine/core';
import dynamic from 'next/dynamic';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { SessionStatusProvider } from '~/features/auth/session-status';
import { SignInModalProvider } from '~/features/auth/SignInModalProvider';
import { StudioLayout } from '~/features/shell/StudioLayout';
import { theme } from '~/features/shell/theme';
import { TrpcProvider } from '~/features/shell/TrpcProvider';
import { I18nProvider } from '~/i18n';
import type { Messages } from '~/messages';

// The toast container mounts just after the page: no toast shows before the page can act anyway.
const Notifications = dynamic(() => import('@mantine/notifications').then((m) => m.Notifications), { ssr: false });

export default function StudioApp({ Component, pageProps }: AppProps) {
  const { locale } = useRouter();
  // Each page's data carries its locale's messages (server/pages/page-props.ts): only that locale ships.
  const messages = (pageProps as { messages?: Messages }).messages;
  return (
    <SessionStatusProvider signedIn={(pageProps as { signedIn?: boolean }).signedIn}>
      <TrpcProvider>
        <I18nProvider locale={locale ?? 'en'} messages={messages} timeZone="UTC">
          <MantineProvider theme={theme} defaultColorScheme="auto">
            <Head>
              <title>Lumen Studio</title>
              {messages ? <meta name="description" content={messages.app.tagline} /> : null}
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
        </I18nProvider>
      </TrpcProvider>
    </SessionStatusProvider>
  );
}
