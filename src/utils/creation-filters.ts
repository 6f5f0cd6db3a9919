/** The filters of /creations, shared by the page and prediction.list (which validates them). */
export const CREATION_TYPE_FILTERS = ['image', 'video', 'text'] as const;
export type CreationTypeFilter = (typeof CREATION_TYPE_FILTERS)[number];

/** Statuses as people name them; the server maps each onto its internal statuses. */
export const CREATION_STATUS_FILTERS = ['running', 'succeeded', 'failed'] as const;
export type CreationStatusFilter = (typeof CREATION_STATUS_FILTERS)[number];
