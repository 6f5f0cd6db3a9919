/**
 * The generate request's envelope (core-flow §3), listed once: the fields a generate, check or
 * synchronous request carries beside the model's own. The server's request schema, the input it
 * parses for the model, and a remix link reading a stored input back into a form all take their
 * lists from here.
 */
export const REQUEST_ENVELOPE_FIELDS = ['model_id', 'modelId', 'pageId', 'appId', 'credit_to_consume', 'idempotency_key', 'skip_credit_check'] as const;

export type RequestEnvelopeField = (typeof REQUEST_ENVELOPE_FIELDS)[number];

/** Envelope fields that stay in the model's input as stored (which model, and the page and app it came from). */
const KEPT_IN_INPUT: ReadonlySet<RequestEnvelopeField> = new Set(['model_id', 'pageId', 'appId']);

/** Envelope fields that belong to the request alone: dropped before the model's schema sees the input. */
export const REQUEST_ONLY_FIELDS: readonly RequestEnvelopeField[] = REQUEST_ENVELOPE_FIELDS.filter((field) => !KEPT_IN_INPUT.has(field));
