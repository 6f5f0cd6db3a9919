/**
 * next-auth's sign-in and error page: opens the sign-in modal over the home page, with the
 * callbackUrl query parameter as the destination; an ?error= shows the failure toast.
 */
import { useTranslations } from '~/i18n';
import { useRouter } from 'next/router';
import { useEffect, type ComponentProps } from 'react';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { showToast } from '~/features/toast/toast';
import { SUSPENDED_SIGN_IN_ERROR } from '~/utils/staff-roles';
import HomePage from './index';

export { getStaticProps } from './index';

export default function SignInPage(props: ComponentProps<typeof HomePage>) {
  const router = useRouter();
  const modal = useSignInModal();
  const t = useTranslations('auth');
  const { error } = router.query;
  useEffect(() => {
    if (!router.isReady) return;
    modal.open();
    if (error) showToast({ title: t('failedTitle'), description: error === SUSPENDED_SIGN_IN_ERROR ? t('suspended') : t('failedGoogle'), variant: 'destructive' });
  }, [router.isReady, error, modal, t]);
  return <HomePage {...props} />;
}
