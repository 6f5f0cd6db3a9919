/**
 * One page of the owner's creations as the list answers it: the rows listCreations reads, each
 * presented as a prediction with the owner's own marks. The tRPC procedure and its route before
 * Next (server/http/list-query-routes.ts) both answer with it, so the two cannot drift.
 */
import type { Db } from '~/server/db/client';
import { mapPage, type Page, type PageRequest } from '~/server/services/paging/cursor-page';
import { toPrediction, type Prediction } from '~/server/services/generation/present';
import { listCreations, type CreationFilters } from './list';

export type CreationListItem = Prediction & { starred: boolean; promptHidden: boolean };

export async function creationsPage(db: Db, ownerId: string, input: CreationFilters & PageRequest): Promise<Page<CreationListItem>> {
  const page = await listCreations(db, ownerId, input);
  return mapPage(page, (row) => ({ ...toPrediction(row, ownerId), starred: row.starred, promptHidden: row.promptHidden }));
}
