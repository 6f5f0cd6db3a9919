/**
 * The result panel's own marks on a finished result: its star, how it is shared and 'Copy link'
 * (the result is always the viewer's own). Its sharing starts from what the server said at submit:
 * public as chosen, prompt shown (a new result never has it hidden). A public result is screened
 * once it is made, so its panel says "Waiting for review" meanwhile and reads it again until moderation
 * has said its word.
 */
import { Group } from '@mantine/core';
import { ReviewBadge } from '~/features/predictions/ReviewBadge';
import { CopyLinkButton } from '~/features/share/CopyLinkButton';
import { ResultSharing } from '~/features/share/ResultSharing';
import { useSharing } from '~/features/share/useSharing';
import type { ReviewNotice } from '~/utils/moderation';
import { trpc } from '~/utils/trpc';
import { StarButton } from './StarButton';

/** How often a result waiting for its screen is read again: a screen takes about a second. */
const REVIEW_RECHECK_MS = 2_000;

/** isPublic unknown (a result the client made up): the star and the link only. */
export function ResultKeepActions({ id, isPublic, review = null }: { id: string; isPublic?: boolean; review?: ReviewNotice | null }) {
  return (
    <Group gap="xs" justify="flex-end" data-testid="result-keep-actions">
      <StarButton id={id} starred={false} />
      {isPublic === undefined ? <CopyLinkButton id={id} /> : <SharedActions id={id} isPublic={isPublic} review={review} />}
    </Group>
  );
}

function SharedActions({ id, isPublic, review }: { id: string; isPublic: boolean; review: ReviewNotice | null }) {
  const waiting = trpc.prediction.get.useQuery({ id }, { enabled: review === 'waiting', refetchInterval: (query) => (query.state.data?.review === 'waiting' || !query.state.data ? REVIEW_RECHECK_MS : false) });
  const latest = review === 'waiting' && waiting.data ? waiting.data : null;
  const sharing = useSharing(id, { isPublic: latest?.isPublic ?? isPublic, promptHidden: false, review: latest ? latest.review : review });
  return (
    <>
      <ReviewBadge review={sharing.review} />
      <ResultSharing sharing={sharing} />
      <CopyLinkButton id={id} isPublic={sharing.isPublic} />
    </>
  );
}
