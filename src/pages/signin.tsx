/**
 * next-auth's sign-in and error page: opens the sign-in modal over the home page, with the
 * callbackUrl query parameter as the destination; an ?error= shows the failure toast.
 */
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import { showToast } from '~/features/toast/toast';
import HomePage from './index';

export default function SignInPage() {
  const router = useRouter();
  const modal = useSignInModal();
  const t = useTranslations('auth');
  const { error } = router.query;
  useEffect(() => {
    if (!router.isReady) return;
    modal.open();
    if (error) showToast({ title: t('failedTitle'), description: t('failedGoogle'), variant: 'destructive' });
  }, [router.isReady, error, modal, t]);
  return <HomePage />;
}
