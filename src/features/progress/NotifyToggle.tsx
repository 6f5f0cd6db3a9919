/** The opt-in for a browser notification when a job ends while the tab is hidden. */
import { Stack, Switch, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useEffect, useState } from 'react';
import { notificationsSupported, notifyOptedIn, setNotifyOptIn } from './completion-signal';

type State = { supported: boolean; on: boolean; blocked: boolean };

export function NotifyToggle() {
  const t = useTranslations('progress');
  const [state, setState] = useState<State>({ supported: false, on: false, blocked: false });
  // Browser-only facts, read after mount (the server renders without them).
  useEffect(() => {
    if (!notificationsSupported()) return;
    setState({ supported: true, on: notifyOptedIn(), blocked: Notification.permission === 'denied' });
  }, []);
  if (!state.supported) return null;

  const toggle = async (wanted: boolean) => {
    if (!wanted) {
      setNotifyOptIn(false);
      setState((s) => ({ ...s, on: false }));
      return;
    }
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    setNotifyOptIn(permission === 'granted');
    setState({ supported: true, on: permission === 'granted', blocked: permission === 'denied' });
  };

  return (
    <Stack gap={2}>
      <Switch size="xs" label={t('notify')} checked={state.on} disabled={state.blocked} onChange={(event) => void toggle(event.currentTarget.checked)} data-testid="notify-toggle" />
      {state.blocked ? (
        <Text size="xs" c="dimmed">
          {t('notifyBlocked')}
        </Text>
      ) : null}
    </Stack>
  );
}
