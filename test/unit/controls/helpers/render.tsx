/**
 * Renders a control inside the UI tests' providers (ui/helpers/providers.tsx: the real ones, as in
 * _app), with a theme that makes Mantine's dropdowns and transitions assertable in jsdom.
 */
import { createTheme, Modal, Popover } from '@mantine/core';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { renderWithProviders as renderWithTestProviders, TestProviders, type ProviderOptions } from '../../ui/helpers/providers';

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

/** The providers alone, for a test that renders them itself (hydration); no procedure is answered. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <TestProviders handlers={{}} theme={testTheme}>
      {children}
    </TestProviders>
  );
}

/** `handlers` answer the procedures the UI calls (none by default); `calls` records what the client sent. */
export function renderWithProviders(ui: ReactElement, api: Omit<ProviderOptions, 'theme'> = {}): RenderResult {
  return renderWithTestProviders(ui, { ...api, theme: testTheme });
}

/** An image file of a given byte size (content is irrelevant: jsdom cannot decode it anyway). */
export function imageFile(size: number, name = 'photo.png', type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type });
}
