/**
 * What an API key may do, by scope: the server checks each procedure's scope against the key, and
 * the developers' page offers the same list (so both read it from here).
 *   generate: submit, check and cancel generations (spends credits)
 *   read:     read generations, credits, the catalogue
 *   upload:   sign uploads of input images
 */
export const API_KEY_SCOPES = ['generate', 'read', 'upload'] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The most keys a user may have active (neither revoked nor expired) at once. */
export const MAX_ACTIVE_API_KEYS = 20;
