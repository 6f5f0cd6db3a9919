/**
 * The owner's say over one creation's share page (issue 21 §6–§7): public or private, prompt shown
 * or hidden, through prediction.setSharing.
 *
 * Optimistic but honest: a switch moves at once, then shows what the server answered (its answer,
 * not the wish, is the state); a refusal puts it back and toasts the server's own words, with the
 * way to premium when that is what was missing. One change at a time (`pending`), so a revert never
 * undoes a second change the server accepted meanwhile.
 */
import { useEffect, useState } from 'react';
import { PRICING_PATH } from '~/features/billing/paths';
import { appCodeOf, describeRequestFailure, serverMessage } from '~/features/errors/request-error';
import { showToast } from '~/features/toast/toast';
import { useTranslations } from '~/i18n';
import type { ReviewNotice } from '~/utils/moderation';
import { trpc } from '~/utils/trpc';

/** review: what moderation tells the owner ('waiting' for review, 'removed'), when known. */
export type SharingState = { isPublic: boolean; promptHidden: boolean; review?: ReviewNotice | null };
export type SharingChange = Partial<SharingState>;
export type Sharing = SharingState & { pending: boolean; change: (change: SharingChange) => Promise<void> };

export function useSharing(id: string, known: SharingState): Sharing {
  const t = useTranslations('share');
  const utils = trpc.useUtils();
  const [state, setState] = useState<SharingState>(known);
  // A newer reading from the caller (another creation, a refreshed list) replaces ours.
  useEffect(() => setState({ isPublic: known.isPublic, promptHidden: known.promptHidden, review: known.review ?? null }), [id, known.isPublic, known.promptHidden, known.review]);
  const mutation = trpc.prediction.setSharing.useMutation();

  async function change(wish: SharingChange) {
    if (mutation.isPending) return;
    const before = state;
    setState({ ...before, ...wish });
    try {
      const answer = await mutation.mutateAsync({ id, ...wish });
      setState({ isPublic: answer.isPublic, promptHidden: answer.promptHidden, review: answer.review });
      // The lists show the badge and carry the state the modal opens with next time.
      await Promise.all([utils.prediction.list.invalidate(), utils.prediction.recent.invalidate()]);
    } catch (failure) {
      setState(before);
      showToast({
        title: t('sharingFailed'),
        description: serverMessage(failure) ?? describeRequestFailure('sharing', failure).message,
        variant: 'destructive',
        ...(appCodeOf(failure) === 'premium_required' ? { link: { label: t('seePlans'), href: PRICING_PATH } } : {}),
      });
    }
  }

  return { ...state, pending: mutation.isPending, change };
}
