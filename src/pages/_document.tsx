import { ColorSchemeScript, mantineHtmlProps } from '@mantine/core';
import { Head, Html, Main, NextScript } from 'next/document';
import { INTL_WARM_UP_SCRIPT } from '~/i18n/warm-up';

export default function Document() {
  return (
    <Html {...mantineHtmlProps}>
      <Head>
        <ColorSchemeScript defaultColorScheme="auto" />
        {/* Loads the locale's number data while the page waits for its scripts (i18n/warm-up.ts). */}
        <script dangerouslySetInnerHTML={{ __html: INTL_WARM_UP_SCRIPT }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
