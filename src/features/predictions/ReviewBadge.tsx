/** What moderation tells the owner about a creation: "Waiting for review" or "Removed by moderation". */
import { Badge, Tooltip } from '@mantine/core';
import { useTranslations } from '~/i18n';
import type { ReviewNotice } from '~/utils/moderation';

export function ReviewBadge({ review }: { review: ReviewNotice | null | undefined }) {
  const t = useTranslations('moderation');
  if (!review) return null;
  return (
    <Tooltip label={t(review === 'waiting' ? 'waitingHint' : 'removedHint')} withArrow multiline w={240}>
      <Badge variant="light" color={review === 'waiting' ? 'orange' : 'red'} data-testid="review-badge" data-review={review}>
        {t(review)}
      </Badge>
    </Tooltip>
  );
}
