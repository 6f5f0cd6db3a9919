import { configure } from '@testing-library/dom';

// Unit tests never touch a real database or network; pin the environment to the embedded defaults.
(process.env as Record<string, string>).NODE_ENV = 'test';

// findBy*/waitFor give up after 1 s by default, and the first render of a Mantine form in jsdom
// takes 0.75 s of that on an idle machine: beside a busy core it missed the deadline. They wait for
// the state itself; the deadline only has to catch a state that never comes.
configure({ asyncUtilTimeout: 20_000 });

// Component tests (// @vitest-environment jsdom): what jsdom lacks and Mantine measures with.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        // Reduced motion: Mantine's transitions finish at once, so tests assert on settled UI.
        matches: query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
  if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:test';
  if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined;
}
if (typeof document !== 'undefined' && !('fonts' in document)) {
  // Mantine's autosize textarea listens for web fonts loading.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}
