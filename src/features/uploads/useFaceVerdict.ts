/**
 * The detector's verdict on a photo that must show one face, asked as soon as it is uploaded
 * (`upload.faceCheck`, the same check Generate's admission runs): one face found, or the problem,
 * before anyone presses Generate. A failed question shows nothing: the server still checks.
 */
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { faceVerdictText } from './face-messages';

export type FaceVerdictView = { checking: boolean; problem: string | null; note: string | null };

const NOTHING: FaceVerdictView = { checking: false, problem: null, note: null };

export function useFaceVerdict(url: string | null): FaceVerdictView {
  const t = useTranslations('uploads');
  // A photo's verdict does not change: asked once per URL, kept while the page is open.
  const query = trpc.upload.faceCheck.useQuery({ url: url ?? '' }, { enabled: url !== null, staleTime: Infinity, retry: false, refetchOnWindowFocus: false });
  if (url === null) return NOTHING;
  if (query.isPending && query.fetchStatus !== 'idle') return { checking: true, problem: null, note: t('faceChecking') };
  if (!query.data) return NOTHING;
  return { checking: false, ...faceVerdictText(t, query.data.status, query.data.faces) };
}
