/**
 * The account area of a page without JavaScript, as plain links: signed out, "Sign in" goes to the
 * sign-in page, which returns to this page once signed in; signed in, the account's billing page
 * (the credits and the menu need a script).
 */
import { Anchor, Button } from '@mantine/core';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useSessionStatus } from '~/features/auth/session-status';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { ACCOUNT_BILLING_PATH } from '~/features/billing/paths';
import { useTranslations } from '~/i18n';
import { SIGN_IN_PATH } from '~/utils/auth-pages';

export function AccountLinks() {
  const t = useTranslations();
  const router = useRouter();
  if (useSessionStatus() === 'authenticated') {
    return (
      <Anchor component={Link} href={ACCOUNT_BILLING_PATH} size="sm" data-testid="header-account">
        {t('account.menuLabel')}
      </Anchor>
    );
  }
  // The callback is the path without its locale prefix, as the dialog's own (core-flow §2).
  const callbackUrl = pathWithoutLocale(router.asPath, router.locales ?? []);
  return (
    <Button component={Link} href={{ pathname: SIGN_IN_PATH, query: { callbackUrl } }} radius="xl" data-testid="header-signin">
      {t('auth.signIn')}
    </Button>
  );
}
