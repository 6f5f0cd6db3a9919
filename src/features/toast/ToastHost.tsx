/**
 * Where toasts show. The container (Mantine's Notifications: its own chunk, a portal and a
 * transition group) mounts when the first toast is asked for, not with the page: on a phone its
 * loading and first render landed right after hydration, just when the visitor starts typing. A
 * toast shown before it mounts waits in Mantine's store and appears once it has.
 */
import { useNotifications } from '@mantine/notifications';
import dynamic from 'next/dynamic';
import { useState } from 'react';

const Notifications = dynamic(() => import('@mantine/notifications').then((m) => m.Notifications), { ssr: false });

export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const asked = notifications.length > 0 || queue.length > 0;
  const [mounted, setMounted] = useState(false);
  if (asked && !mounted) setMounted(true);
  // Toast limit 1: showToast() also clears the current one so a new toast replaces it.
  return mounted || asked ? <Notifications limit={1} position="top-right" /> : null;
}
