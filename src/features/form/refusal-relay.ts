/**
 * Relays the generation flow's failed server checks to the form's controls, as they came. A control
 * whose value the server refused (a photo without a face, field-refusals.ts) shows the refusal
 * itself: its words and display live in the control's own lazily loaded code, so the generator's
 * first load carries only this relay.
 */
type Listener = (failure: unknown) => void;

const listeners = new Set<Listener>();

export function announceRefusal(failure: unknown): void {
  for (const listener of listeners) listener(failure);
}

/** Hears every failed check from now on; answers the way to stop. */
export function listenForRefusals(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
