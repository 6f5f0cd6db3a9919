/**
 * The result panel's sharing: one small button that says how the result is shared (Public or
 * Private) and opens the owner's switches beside it, so the generator stays uncluttered. The plan is
 * asked for only when the switches open.
 */
import { Button, Popover } from '@mantine/core';
import { useUserDetails } from '~/features/user/useUserDetails';
import { useTranslations } from '~/i18n';
import { SharingSwitches } from './SharingSwitches';
import type { Sharing } from './useSharing';

export function ResultSharing({ sharing }: { sharing: Sharing }) {
  const t = useTranslations('share');
  const tc = useTranslations('creations');
  const state = sharing.isPublic ? tc('public') : tc('private');
  return (
    <Popover position="bottom-end" width={320} shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button size="xs" variant="default" aria-label={`${t('sharing')}: ${state}`} data-testid="result-sharing" data-public={sharing.isPublic ? 'true' : 'false'}>
          {state}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {/* Focus lands on the switches' block when it opens (a switch may still be locked then), and Tab stays inside. */}
        <div tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
          <PlanAwareSwitches sharing={sharing} />
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}

function PlanAwareSwitches({ sharing }: { sharing: Sharing }) {
  const { user } = useUserDetails();
  return <SharingSwitches sharing={sharing} premium={user ? user.premium : null} />;
}
