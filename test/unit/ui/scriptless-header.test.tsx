// @vitest-environment jsdom
/**
 * The studio's frame on a page that ships no JavaScript (the share page): every control in it is a
 * link that works without a script. "Sign in" is the sign-in page's address with the page as its
 * callback (without its locale prefix, as the dialog's own), each language is a link to the page
 * in that language, the colour-scheme toggle is left out, and a signed-in visitor gets a link to
 * the account. The same frame with scripts keeps its picker, toggle and button.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudioLayout } from '~/features/layout/StudioLayout';
import { fakes, resetFakes } from './helpers/fakes';
import { renderWithProviders, SYSTEM_STATUS, userDetails } from './helpers/providers';

vi.mock('next-auth/react', async () => (await import('./helpers/fakes')).nextAuthModule);
vi.mock('next/router', async () => (await import('./helpers/fakes')).nextRouterModule);

const handlers = { 'system.status': () => SYSTEM_STATUS, 'user.details': () => userDetails() };

beforeEach(() => {
  resetFakes();
  Object.assign(fakes.router, { asPath: '/c/cshare00000000000000000001', pathname: '/c/[id]', query: { id: 'cshare00000000000000000001' }, route: '/c/[id]', locale: 'fr' });
});

afterEach(() => {
  cleanup();
});

function frame(withoutScripts: boolean) {
  return renderWithProviders(
    <StudioLayout withoutScripts={withoutScripts}>
      <p>page</p>
    </StudioLayout>,
    { handlers },
  );
}

describe('a page without JavaScript', () => {
  it('signed out: "Sign in" is a link to the sign-in page returning here; no toggle, no picker', () => {
    fakes.session.status = 'unauthenticated';
    frame(true);
    const signIn = screen.getByTestId('header-signin');
    expect(signIn.tagName).toBe('A');
    expect(signIn.textContent).toBe('Sign in');
    const href = new URL(signIn.getAttribute('href')!, 'http://studio.test');
    expect([href.pathname, href.searchParams.get('callbackUrl')]).toEqual(['/signin', '/c/cshare00000000000000000001']);
    expect(screen.queryByRole('button', { name: 'Toggle light and dark theme' })).toBeNull();
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('each language is a link to this page, the current one marked, in the header and the footer', () => {
    fakes.session.status = 'unauthenticated';
    frame(true);
    const lists = screen.getAllByTestId('locale-links');
    expect(lists).toHaveLength(2);
    for (const list of lists) {
      const links = within(list).getAllByRole('link');
      expect(links.map((link) => [link.getAttribute('aria-label'), link.textContent, link.getAttribute('hreflang')])).toEqual([
        ['English', 'EN', 'en'],
        ['Español', 'ES', 'es'],
        ['Français', 'FR', 'fr'],
        ['Deutsch', 'DE', 'de'],
        ['Português', 'PT', 'pt'],
        ['日本語', 'JA', 'ja'],
      ]);
      expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual(['FR']);
      expect(new Set(links.map((link) => new URL(link.getAttribute('href')!, 'http://studio.test').pathname.replace(/^\/(es|fr|de|pt|ja)(?=\/)/, '')))).toEqual(
        new Set(['/c/cshare00000000000000000001']),
      );
    }
  });

  it('signed in: a link to the account instead of the menu that needs a script', () => {
    fakes.session.status = 'authenticated';
    frame(true);
    const account = screen.getByTestId('header-account');
    expect([account.tagName, account.textContent, account.getAttribute('href')]).toEqual(['A', 'Account', '/account/billing']);
    expect(screen.queryByTestId('header-signin')).toBeNull();
  });
});

describe('a page with JavaScript', () => {
  it('keeps the language picker, the colour-scheme toggle and the sign-in button', () => {
    fakes.session.status = 'unauthenticated';
    frame(false);
    expect(screen.getAllByRole('combobox', { name: 'Language' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Toggle light and dark theme' })).toBeTruthy();
    expect(screen.getByTestId('header-signin').tagName).toBe('BUTTON');
    expect(screen.queryAllByTestId('locale-links')).toEqual([]);
  });
});
