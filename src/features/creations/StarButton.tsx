/** The owner's star on a creation (grid, details modal, result panel): on at once, undone if the server refuses. */
import { ActionIcon } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslations } from '~/i18n';
import { describeRequestFailure } from '~/features/errors/request-error';
import { showToast } from '~/features/toast/toast';
import { trpc } from '~/utils/trpc';

export function StarButton({ id, starred, size = 'md' }: { id: string; starred: boolean; size?: 'sm' | 'md' }) {
  const t = useTranslations('creations');
  const utils = trpc.useUtils();
  const [on, setOn] = useState(starred);
  useEffect(() => setOn(starred), [starred]);
  const star = trpc.prediction.star.useMutation();

  async function toggle() {
    const next = !on;
    setOn(next);
    try {
      await star.mutateAsync({ id, starred: next });
      await utils.prediction.list.invalidate();
    } catch (failure) {
      setOn(!next);
      showToast({ title: t('starFailed'), description: describeRequestFailure('star', failure).message, variant: 'destructive' });
    }
  }

  return (
    <ActionIcon
      variant={on ? 'filled' : 'default'}
      color="yellow"
      size={size}
      radius="xl"
      onClick={(event) => {
        event.stopPropagation();
        void toggle();
      }}
      aria-pressed={on}
      aria-label={on ? t('unstar') : t('star')}
      data-testid="star-toggle"
      data-starred={on ? 'true' : 'false'}
    >
      <span aria-hidden style={{ fontSize: size === 'sm' ? 13 : 16, lineHeight: 1 }}>
        {on ? '★' : '☆'}
      </span>
    </ActionIcon>
  );
}
