/**
 * Signs a page's browser context in through next-auth's development sign-in with the requests the
 * sign-in dialog makes (its CSRF token, then the credentials callback), so the session cookie is
 * in the context before the first page load. For the files whose subject comes after signing in;
 * the dialog itself is driven by sign-in.test.ts and by the files whose flow starts signed out.
 */
import type { Page } from 'playwright-core';
import { DEV_SIGNIN_PROVIDER_ID } from '~/utils/auth-provider-ids';

export async function signInThroughNextAuth(page: Page, appUrl: string, email: string): Promise<void> {
  const csrf = await page.request.get(`${appUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signedIn = await page.request.post(`${appUrl}/api/auth/callback/${DEV_SIGNIN_PROVIDER_ID}`, {
    form: { csrfToken, email, callbackUrl: appUrl, json: 'true' },
    maxRedirects: 0,
  });
  const cookies = await page.context().cookies(appUrl);
  if (!cookies.some((cookie) => cookie.name.endsWith('next-auth.session-token'))) {
    throw new Error(`next-auth set no session for ${email} (status ${signedIn.status()}): ${await signedIn.text()}`);
  }
}

/** Opens a page of the app signed in as `email`, once its header shows the credits. */
export async function openSignedIn(page: Page, appUrl: string, pathname: string, email: string): Promise<void> {
  await signInThroughNextAuth(page, appUrl, email);
  await page.goto(`${appUrl}${pathname}`);
  await page.getByTestId('credits-badge').waitFor({ timeout: 30_000 });
}
