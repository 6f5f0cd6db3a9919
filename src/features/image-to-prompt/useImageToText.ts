/**
 * The synchronous image-to-text tools through generation.runSync: image-to-prompt ('Failed to
 * generate prompt.') and captioning ('Failed to generate caption.'). Credits change, so the
 * user's details are refreshed after each call.
 */
import { useTranslations } from '~/i18n';
import { useCallback, useState } from 'react';
import { appCodeOf, serverMessage } from '~/features/errors/request-error';
import { useRequireSignIn } from '~/features/uploads/useRequireSignIn';
import { useUserDetails } from '~/features/user/useUserDetails';
import { trpc } from '~/utils/trpc';

export type ImageToTextKind = 'prompt' | 'caption';

export const IMAGE_TO_TEXT_MODELS: Record<ImageToTextKind, string> = {
  prompt: 'image-to-prompt',
  caption: 'image-caption',
};

function idempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `itp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Server texts worth showing under the spec's message (the rest stay in the console). */
const EXPLAINED = new Set(['insufficient_credits', 'maintenance', 'rate_limited']);

export function useImageToText(kind: ImageToTextKind) {
  const t = useTranslations('imageToPrompt');
  const { ensureSignedIn, openSignIn } = useRequireSignIn();
  const { refresh } = useUserDetails();
  const runSync = trpc.generation.runSync.useMutation().mutateAsync;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; detail: string | null } | null>(null);

  const run = useCallback(
    async (imageUrl: string, extra: Record<string, unknown> = {}): Promise<string | null> => {
      if (!ensureSignedIn()) return null;
      setPending(true);
      setError(null);
      try {
        const result = await runSync({ model_id: IMAGE_TO_TEXT_MODELS[kind], image_url: imageUrl, idempotency_key: idempotencyKey(), ...extra });
        const text = (result.text ?? '').trim();
        if (!text) throw new Error('The model returned no text.');
        return text;
      } catch (failure) {
        console.error(`Image to ${kind} failed`, failure);
        const code = appCodeOf(failure);
        if (code === 'unauthorized') {
          openSignIn();
          return null;
        }
        setError({ message: kind === 'prompt' ? t('failed') : t('captionFailed'), detail: code && EXPLAINED.has(code) ? serverMessage(failure) : null });
        return null;
      } finally {
        setPending(false);
        void refresh();
      }
    },
    [ensureSignedIn, openSignIn, refresh, runSync, kind, t],
  );

  return { run, pending, error, reset: () => setError(null) };
}
