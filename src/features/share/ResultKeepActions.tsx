/** The result panel's own marks on a finished result: its star and 'Copy link' (the result is always the viewer's own). */
import { Group } from '@mantine/core';
import { StarButton } from '~/features/creations/StarButton';
import { CopyLinkButton } from './CopyLinkButton';

export function ResultKeepActions({ id }: { id: string }) {
  return (
    <Group gap="xs" justify="flex-end" data-testid="result-keep-actions">
      <StarButton id={id} starred={false} />
      <CopyLinkButton id={id} />
    </Group>
  );
}
