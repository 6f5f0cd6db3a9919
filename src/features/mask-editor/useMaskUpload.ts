/**
 * Uploading the painted mask: a PNG to the `masks` folder through a signed URL (tool-catalogue §7).
 * Failures: 'Failed to get signed URL for mask' (kept for the dialog to show) and the toast
 * 'Mask upload failed' / 'Please try again later.' (tool-catalogue §8).
 */
import { useTranslations } from '~/i18n';
import { useCallback, useState } from 'react';
import { showToast } from '~/features/toast/toast';
import { isUnauthorized, uploadBlob, UploadError, useRequireSignIn } from '~/features/uploads';
import { trpc } from '~/utils/trpc';
import { maskPng, type Stroke } from './strokes';

export function useMaskUpload() {
  const t = useTranslations('mask');
  const { ensureSignedIn, openSignIn } = useRequireSignIn();
  const requestSignedUrl = trpc.upload.signedUrl.useMutation().mutateAsync;
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const uploadMask = useCallback(
    async (strokes: readonly Stroke[], width: number, height: number): Promise<string | null> => {
      if (!ensureSignedIn()) return null;
      setProcessing(true);
      setError(null);
      try {
        const blob = await maskPng(strokes, width, height);
        return await uploadBlob({ blob, contentType: 'image/png', folder: 'masks', requestSignedUrl });
      } catch (failure) {
        console.error('Mask upload failed', failure);
        if (failure instanceof UploadError && failure.stage === 'signed-url') {
          if (isUnauthorized(failure.cause)) {
            openSignIn();
            return null;
          }
          setError(t('signedUrlFailed'));
        }
        showToast({ title: t('uploadFailedTitle'), description: t('uploadFailedBody'), variant: 'destructive' });
        return null;
      } finally {
        setProcessing(false);
      }
    },
    [ensureSignedIn, openSignIn, requestSignedUrl, t],
  );

  return { uploadMask, processing, error, clearError: () => setError(null) };
}
