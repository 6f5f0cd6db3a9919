/**
 * The /creations filters and the URL that keeps them
 * (?q=fox&type=video&status=failed&model=upscaler&from=2026-11-01&to=2026-11-30&sort=oldest&starred=1&collection=…):
 * anything not a known value is ignored, so an edited or stale link still opens a valid list.
 */
import { CREATION_STATUS_FILTERS, CREATION_TYPE_FILTERS, type CreationStatusFilter, type CreationTypeFilter } from '~/utils/creation-filters';

export const CREATION_SORT_ORDERS = ['newest', 'oldest'] as const;
export type CreationSortOrder = (typeof CREATION_SORT_ORDERS)[number];

export type CreationFilters = {
  type: CreationTypeFilter | null;
  status: CreationStatusFilter | null;
  modelId: string | null;
  /** Search words, as typed. */
  q: string;
  /** Days (YYYY-MM-DD, UTC): from the start of `from` to the end of `to`. */
  from: string | null;
  to: string | null;
  sort: CreationSortOrder;
  starred: boolean;
  collectionId: string | null;
};

export const NO_FILTERS: CreationFilters = { type: null, status: null, modelId: null, q: '', from: null, to: null, sort: 'newest', starred: false, collectionId: null };

/** Longer than anything people type; the server's own limit is the same. */
export const SEARCH_MAX_LENGTH = 200;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | null {
  return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function day(value: string | undefined): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;
}

/** The filters a URL asks for; a model must be one of modelIds (the catalogue's). */
export function filtersFromQuery(query: Record<string, string | string[] | undefined>, modelIds: ReadonlySet<string>): CreationFilters {
  const model = single(query.model);
  const collection = single(query.collection);
  return {
    type: oneOf(CREATION_TYPE_FILTERS, single(query.type)),
    status: oneOf(CREATION_STATUS_FILTERS, single(query.status)),
    modelId: model && modelIds.has(model) ? model : null,
    q: (single(query.q) ?? '').slice(0, SEARCH_MAX_LENGTH),
    from: day(single(query.from)),
    to: day(single(query.to)),
    sort: oneOf(CREATION_SORT_ORDERS, single(query.sort)) ?? 'newest',
    starred: single(query.starred) === '1',
    collectionId: collection && collection.length <= 64 ? collection : null,
  };
}

/** The query that keeps the filters (only those set, so the unfiltered page stays /creations). */
export function queryFromFilters(filters: CreationFilters): Record<string, string> {
  return {
    ...(filters.q.trim() ? { q: filters.q } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.modelId ? { model: filters.modelId } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.sort !== 'newest' ? { sort: filters.sort } : {}),
    ...(filters.starred ? { starred: '1' } : {}),
    ...(filters.collectionId ? { collection: filters.collectionId } : {}),
  };
}

const DAY_MS = 86_400_000;

/** Whether anything narrows the list (the empty state then offers to clear the filters). */
export function isFiltered(f: CreationFilters): boolean {
  return Boolean(f.type || f.status || f.modelId || f.q.trim() || f.from || f.to || f.starred || f.collectionId);
}

/** The prediction.list input for the filters (an empty date range is dropped: the server refuses it). */
export function listFilters(filters: CreationFilters) {
  const from = filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined;
  const to = filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) : undefined;
  const range = from && to && from >= to ? {} : { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return {
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.modelId ? { modelId: filters.modelId } : {}),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...range,
    sort: filters.sort,
    ...(filters.starred ? { starred: true } : {}),
    ...(filters.collectionId ? { collectionId: filters.collectionId } : {}),
  };
}
