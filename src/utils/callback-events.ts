/**
 * The events a callback endpoint may ask for: a generation's end, one event per way it ends. The
 * server sends them and the developers' page offers them, both from this list.
 */
export const CALLBACK_EVENTS = ['generation.succeeded', 'generation.failed', 'generation.canceled'] as const;

export type CallbackEvent = (typeof CALLBACK_EVENTS)[number];
