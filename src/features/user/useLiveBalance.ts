/**
 * Keeps the header's balance current when staff change it (user.onBalance): while the tab is
 * visible it listens, and each pushed balance replaces the cached one; when the tab comes back into
 * view the details are asked again, so a change made while it was hidden shows too. A hidden tab
 * holds no connection open.
 */
import { useEffect, useRef, useState } from 'react';
import { trpc } from '~/utils/trpc';

function useTabVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export function useLiveBalance(signedIn: boolean): void {
  const utils = trpc.useUtils();
  const visible = useTabVisible();
  const wasVisible = useRef(visible);
  useEffect(() => {
    // Only on coming back into view: on load the details are fresh already.
    if (signedIn && visible && !wasVisible.current) void utils.user.details.invalidate();
    wasVisible.current = visible;
  }, [signedIn, visible, utils]);
  trpc.user.onBalance.useSubscription(undefined, {
    enabled: signedIn && visible,
    onData: ({ credits }) => utils.user.details.setData(undefined, (old) => (old ? { ...old, credits } : old)),
    onError: () => undefined, // the next visibility change asks again
  });
}
