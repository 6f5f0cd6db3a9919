/** A hand-over link (services/hand-over.ts) resolved for the request of the page that opens it. */
import type { IncomingMessage } from 'node:http';
import type { AppDefinition } from '~/catalogue';
import { asksForHandOver, resolveHandOver, type HandOver, type HandOverQuery } from '~/server/services/hand-over';
import { contextFromRequest } from './request-context';

/** For a page's getServerSideProps: null when the link hands nothing over (no database work then). */
export async function handOverFromRequest(req: IncomingMessage, app: AppDefinition, query: HandOverQuery): Promise<HandOver | null> {
  if (!asksForHandOver(query)) return null;
  const { db, user } = await contextFromRequest(req);
  return resolveHandOver(db, user?.id ?? null, app, query);
}
