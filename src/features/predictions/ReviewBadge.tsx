/**
 * What moderation tells the owner about a creation: "Waiting for review" or "Removed by moderation".
 * Its hint is the shell's light Hint: the badge shows on the generator's recent creations, a page
 * people load first, where a general tooltip's positioning engine would weigh more than the page's
 * own code.
 */
import { Badge } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { Hint } from '~/features/shell/Hint';
import type { ReviewNotice } from '~/utils/moderation';

export function ReviewBadge({ review }: { review: ReviewNotice | null | undefined }) {
  const t = useTranslations('moderation');
  if (!review) return null;
  return (
    <Hint label={t(review === 'waiting' ? 'waitingHint' : 'removedHint')} width={240}>
      <Badge variant="light" color={review === 'waiting' ? 'orange' : 'red'} data-testid="review-badge" data-review={review} tabIndex={0}>
        {t(review)}
      </Badge>
    </Hint>
  );
}
