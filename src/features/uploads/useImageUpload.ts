/**
 * Uploading one image as a form value: sign-in check → compression at quality 0.8 → the 5 MB rule
 * (toast, no request) → signed URL → PUT → public URL. Failures end in the spec's toasts
 * (tool-catalogue §5, §8); the failed step's message is kept for the uploader to show.
 */
import { useTranslations } from '~/i18n';
import { useCallback, useRef, useState } from 'react';
import { appCodeOf } from '~/features/errors/request-error';
import { showToast } from '~/features/toast/toast';
import { trpc } from '~/utils/trpc';
import { compressImage, UnsupportedImageError } from './image-compression';
import { uploadBlob, uploadFolderFor, UploadError } from './upload-blob';
import { exceedsUploadLimit, UPLOAD_LIMIT_MB } from './upload-messages';
import { useRequireSignIn } from './useRequireSignIn';

export type ImageUploadApi = {
  /** Resolves to the public URL, or null when the upload was refused or failed (already reported). */
  upload: (file: File) => Promise<string | null>;
  uploading: boolean;
  /** The failed step's message ('Failed to get signed URL'), until the next attempt. */
  error: string | null;
  signedIn: boolean;
  ensureSignedIn: () => boolean;
};

export function isUnauthorized(error: unknown): boolean {
  const code = appCodeOf(error);
  if (code) return code === 'unauthorized';
  const data = (error as { data?: { httpStatus?: number; code?: string } } | null)?.data;
  return data?.httpStatus === 401 || data?.code === 'UNAUTHORIZED';
}

export function useImageUpload(): ImageUploadApi {
  const t = useTranslations('uploads');
  const { signedIn, ensureSignedIn, openSignIn } = useRequireSignIn();
  const signedUrl = trpc.upload.signedUrl.useMutation();
  const requestSignedUrl = signedUrl.mutateAsync;
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // Several files may upload at once (multi-image input): count them.
  const pendingRef = useRef(0);
  const track = (delta: number) => {
    pendingRef.current += delta;
    setPending(pendingRef.current);
  };

  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      if (!ensureSignedIn()) return null;
      setError(null);
      // tool-catalogue §5: a file over the limit is refused as picked, before any work or request.
      if (exceedsUploadLimit(file.size)) {
        showToast({ title: t('tooLargeTitle'), description: t('tooLargeBody', { limit: UPLOAD_LIMIT_MB }), variant: 'destructive' });
        return null;
      }
      track(1);
      try {
        let prepared;
        try {
          prepared = await compressImage(file);
        } catch (failure) {
          if (!(failure instanceof UnsupportedImageError)) throw failure;
          showToast({ title: t('unsupportedTitle'), description: t('unsupportedBody'), variant: 'destructive' });
          return null;
        }
        // Compression can also grow a file (e.g. a tiny JPEG re-encoded): check what would be sent.
        if (exceedsUploadLimit(prepared.blob.size)) {
          showToast({ title: t('tooLargeTitle'), description: t('tooLargeBody', { limit: UPLOAD_LIMIT_MB }), variant: 'destructive' });
          return null;
        }
        return await uploadBlob({ ...prepared, folder: uploadFolderFor(), requestSignedUrl });
      } catch (failure) {
        console.error('Image upload failed', failure);
        if (failure instanceof UploadError && failure.stage === 'signed-url') {
          if (isUnauthorized(failure.cause)) {
            // The session ended since the page loaded.
            openSignIn();
            return null;
          }
          setError(t('signedUrlFailed'));
        }
        showToast({ title: t('failedTitle'), description: t('failedBody'), variant: 'destructive' });
        return null;
      } finally {
        track(-1);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ensureSignedIn, openSignIn, requestSignedUrl, t],
  );

  return { upload, uploading: pending > 0, error, signedIn, ensureSignedIn };
}
