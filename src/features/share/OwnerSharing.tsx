/**
 * The owner's sharing block for one finished creation: the Private and Hide-prompt switches and
 * 'Copy link', all reading the same state, so the link turns off the moment the result turns
 * private (its page answers "not found" to everyone else from then on).
 */
import { Group, Stack } from '@mantine/core';
import { useUserDetails } from '~/features/user/useUserDetails';
import { CopyLinkButton } from './CopyLinkButton';
import { SharingSwitches } from './SharingSwitches';
import { useSharing, type SharingState } from './useSharing';

/** withLink: the creation has a share page to link to (a finished image or video; text has none). */
export function OwnerSharing({ id, known, withLink }: { id: string; known: SharingState; withLink: boolean }) {
  const sharing = useSharing(id, known);
  const { user } = useUserDetails();
  // Unknown plan (still loading, or its read failed): locked without claiming a reason.
  const premium = user ? user.premium : null;
  return (
    <Stack gap="xs" data-testid="owner-sharing">
      <SharingSwitches sharing={sharing} premium={premium} />
      {withLink ? (
        <Group justify="flex-end">
          <CopyLinkButton id={id} isPublic={sharing.isPublic} />
        </Group>
      ) : null}
    </Stack>
  );
}
