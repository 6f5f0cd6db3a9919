/**
 * The owner's two sharing switches (details modal, result panel): "Private" and "Hide prompt on
 * the share page". Private is premium, as at generation time: without premium the switch is locked
 * with the reason and the way to the plans, except to make a private result public again, which
 * anyone may (a plan that lapsed must not trap a result), and except a creation moderation removed,
 * which stays private. The server decides either way.
 */
import { Anchor, Stack, Switch, Text } from '@mantine/core';
import Link from 'next/link';
import { useId } from 'react';
import { PRICING_PATH } from '~/features/billing/paths';
import { ReviewBadge } from '~/features/predictions/ReviewBadge';
import { useTranslations } from '~/i18n';
import type { Sharing } from './useSharing';

/** premium: null while the plan is not known yet (the switch waits, without a reason). */
export function SharingSwitches({ sharing, premium }: { sharing: Sharing; premium: boolean | null }) {
  const t = useTranslations('share');
  const reasonId = useId();
  const isPrivate = !sharing.isPublic;
  const removed = sharing.review === 'removed';
  const locked = premium !== true && !isPrivate;
  return (
    <Stack gap="xs" data-testid="sharing-switches">
      <ReviewBadge review={sharing.review} />
      <Switch
        label={t('private')}
        description={isPrivate ? t('privateOn') : t('privateOff')}
        checked={isPrivate}
        disabled={sharing.pending || locked || removed}
        onChange={(event) => void sharing.change({ isPublic: !event.currentTarget.checked })}
        aria-describedby={locked && premium === false ? reasonId : undefined}
        data-testid="sharing-private"
      />
      {locked && premium === false ? (
        <Text size="xs" c="dimmed" id={reasonId} data-testid="sharing-private-locked">
          {t('privatePremium')}{' '}
          <Anchor component={Link} href={PRICING_PATH} size="xs">
            {t('seePlans')}
          </Anchor>
        </Text>
      ) : null}
      <Switch
        label={t('hidePrompt')}
        description={t('hidePromptHint')}
        checked={sharing.promptHidden}
        disabled={sharing.pending}
        onChange={(event) => void sharing.change({ promptHidden: event.currentTarget.checked })}
        data-testid="sharing-hide-prompt"
      />
    </Stack>
  );
}
