/**
 * Text typed into a server-rendered field (the prompt, the seed) before React hydrated the page.
 * On a slow phone the form shows well before its code has run, and people start typing. The text
 * stays in the field, but React's state still holds the server's value: left so, Generate stays off
 * for a prompt that is plainly there, and a keystroke that arrives mid-hydration is lost (React
 * records the field's value as it hydrates, so that input event looks like no change).
 *
 * When the field mounts, a value that differs from the state can only have come from the person
 * (on a client-side mount React has just written the state into the field), so it becomes the
 * state, before the first paint.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  onChange: (typed: string) => void,
): void {
  // Only the values of the first render matter: the effect runs once, when the field mounts.
  const first = useRef({ value, onChange });
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== first.current.value) first.current.onChange(typed);
  }, [ref]);
}
