import '~/features/shell/mantine-styles';
import { MantineProvider } from '@mantine/core';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { SessionStatusProvider } from '~/features/auth/session-status';
import { SignInModalProvider } from '~/features/auth/SignInModalProvider';
import { SystemStatusSeedProvider, type SystemStatus } from '~/features/maintenance/useSystemStatus';
import { StudioLayout, type PageScripts } from '~/features/layout/StudioLayout';
import { theme } from '~/features/shell/theme';
import { TrpcProvider } from '~/features/shell/TrpcProvider';
import { ToastHost } from '~/features/toast/ToastHost';
import { I18nProvider } from '~/i18n';
import type { Messages } from '~/messages';

export default function StudioApp({ Component, pageProps }: AppProps) {
  const { locale } = useRouter();
  // Each page's data carries its locale's messages (server/pages/page-props.ts): only that locale ships.
  const messages = (pageProps as { messages?: Messages }).messages;
  // What a page rendered per request already knows (server/pages/page-props.ts viewerProps).
  const known = pageProps as { signedIn?: boolean; systemStatus?: SystemStatus };
  const { withoutScripts } = Component as PageScripts;
  return (
    <SessionStatusProvider signedIn={known.signedIn}>
      <SystemStatusSeedProvider status={known.systemStatus}>
        <TrpcProvider>
          <I18nProvider locale={locale ?? 'en'} messages={messages} timeZone="UTC">
            <MantineProvider theme={theme} defaultColorScheme="auto">
              <Head>
                <title>Lumen Studio</title>
                {messages ? <meta name="description" content={messages.app.tagline} /> : null}
                <meta name="viewport" content="width=device-width, initial-scale=1" />
              </Head>
              <ToastHost />
              <SignInModalProvider>
                <StudioLayout withoutScripts={withoutScripts === true}>
                  <Component {...pageProps} />
                </StudioLayout>
              </SignInModalProvider>
            </MantineProvider>
          </I18nProvider>
        </TrpcProvider>
      </SystemStatusSeedProvider>
    </SessionStatusProvider>
  );
}
