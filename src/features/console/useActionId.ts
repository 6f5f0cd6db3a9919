/**
 * A console form's idempotency id: made when the form opens and kept while it is sent, so a double
 * click, a retry or a second tab sending the same form is one action on the server; renewed once the
 * action is done, so the next one is its own.
 */
import { useCallback, useState } from 'react';

function newActionId(): string {
  return `form-${crypto.randomUUID()}`;
}

export function useActionId(): { actionId: string; renew: () => void } {
  const [actionId, setActionId] = useState(newActionId);
  const renew = useCallback(() => setActionId(newActionId()), []);
  return { actionId, renew };
}
