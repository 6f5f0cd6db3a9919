/** Renders a control inside the providers it needs (Mantine, next-intl with the English messages). */
import { createTheme, MantineProvider, Modal, Popover } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import { I18nProvider } from '~/i18n';
import { SessionStatusProvider } from '~/features/auth/session-status';
import { renderWithProviders as renderWithApi, signedInFor, type ProviderOptions } from '../../ui/helpers/providers';
import { fakes } from './fakes';
import type { ReactElement, ReactNode } from 'react';
import en from '~/messages/en.json';

// The jsdom stand-ins (matchMedia with reduced motion, ResizeObserver, object URLs) are in test/setup/unit.ts.

// jsdom lays nothing out: a dropdown's target looks detached (hidden) unless told otherwise.
// Transitions are instant so opening and closing are synchronous enough to assert on.
const testTheme = createTheme({
  respectReducedMotion: true,
  components: {
    Popover: Popover.extend({ defaultProps: { hideDetached: false, transitionProps: { duration: 0 } } }),
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }),
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider locale="en" messages={en} timeZone="UTC">
      <SessionStatusProvider signedIn={signedInFor(fakes.session.status)}>
        <MantineProvider theme={testTheme}>{children}</MantineProvider>
      </SessionStatusProvider>
    </I18nProvider>
  );
}

/** With `api`, the real tRPC client answers through the UI tests' test link (handlers, recorded calls). */
export function renderWithProviders(ui: ReactElement, api?: Omit<ProviderOptions, 'theme'>): RenderResult {
  if (api) return renderWithApi(ui, { ...api, theme: testTheme });
  return render(ui, { wrapper: Providers });
}

/** An image file of a given byte size (content is irrelevant: jsdom cannot decode it anyway). */
export function imageFile(size: number, name = 'photo.png', type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type });
}
