/**
 * The result panel's own marks on a finished result: its star, how it is shared and 'Copy link'
 * (the result is always the viewer's own). Its sharing starts from what the server said at submit:
 * public as chosen, prompt shown (a new result never has it hidden).
 */
import { Group } from '@mantine/core';
import { CopyLinkButton } from '~/features/share/CopyLinkButton';
import { ResultSharing } from '~/features/share/ResultSharing';
import { useSharing } from '~/features/share/useSharing';
import { StarButton } from './StarButton';

/** isPublic unknown (a result the client made up): the star and the link only. */
export function ResultKeepActions({ id, isPublic }: { id: string; isPublic?: boolean }) {
  return (
    <Group gap="xs" justify="flex-end" data-testid="result-keep-actions">
      <StarButton id={id} starred={false} />
      {isPublic === undefined ? <CopyLinkButton id={id} /> : <SharedActions id={id} isPublic={isPublic} />}
    </Group>
  );
}

function SharedActions({ id, isPublic }: { id: string; isPublic: boolean }) {
  const sharing = useSharing(id, { isPublic, promptHidden: false });
  return (
    <>
      <ResultSharing sharing={sharing} />
      <CopyLinkButton id={id} isPublic={sharing.isPublic} />
    </>
  );
}
