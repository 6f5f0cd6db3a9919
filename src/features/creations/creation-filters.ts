/**
 * The /creations filters and the URL that keeps them (?type=video&status=failed&model=upscaler):
 * anything not a known value is ignored, so an edited or stale link still opens a valid list.
 */
import { CREATION_STATUS_FILTERS, CREATION_TYPE_FILTERS, type CreationStatusFilter, type CreationTypeFilter } from '~/utils/creation-filters';

export type CreationFilters = { type: CreationTypeFilter | null; status: CreationStatusFilter | null; modelId: string | null };

export const NO_FILTERS: CreationFilters = { type: null, status: null, modelId: null };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | null {
  return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The filters a URL asks for; a model must be one of modelIds (the catalogue's). */
export function filtersFromQuery(query: Record<string, string | string[] | undefined>, modelIds: ReadonlySet<string>): CreationFilters {
  const model = single(query.model);
  return {
    type: oneOf(CREATION_TYPE_FILTERS, single(query.type)),
    status: oneOf(CREATION_STATUS_FILTERS, single(query.status)),
    modelId: model && modelIds.has(model) ? model : null,
  };
}

/** The query that keeps the filters (only those set, so the unfiltered page stays /creations). */
export function queryFromFilters(filters: CreationFilters): Record<string, string> {
  return {
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.modelId ? { model: filters.modelId } : {}),
  };
}

/** The prediction.list input for the filters. */
export function listFilters(filters: CreationFilters): { type?: CreationTypeFilter; status?: CreationStatusFilter; modelId?: string } {
  return {
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.modelId ? { modelId: filters.modelId } : {}),
  };
}
