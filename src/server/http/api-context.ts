/**
 * The context of a request to a route that takes API keys (the legacy REST paths and /api/v1), and
 * its rate limit. A key request speaks for the key's owner with the key's scopes and is counted
 * per key and per user; on /api/v1 a signed-in request is counted per user and an anonymous one
 * per client address. The limits are the owner's plan's (API_RATE_LIMIT_FREE / _PREMIUM). Every
 * counted answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds); past
 * the limit it is 429 with Retry-After, and the procedure does not run.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getEnv } from '~/env';
import { getDb, type Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { ensureServerRuntime } from '~/server/runtime';
import { countRequest, type RateCount } from '~/server/services/api-limits/rate-limit';
import { authenticateApiKey } from '~/server/services/api-keys/authenticate';
import { createInnerContext, type InnerContext } from '~/server/trpc/context';
import type { Credentials } from './credentials';
import { contextFromRequest } from './request-context';

export type LimitRule = {
  /** Whether requests without a key are counted too (on /api/v1; the REST paths count keys only). */
  countWithoutKey: boolean;
};

export async function apiContextFromRequest(req: IncomingMessage, res: ServerResponse, credentials: Credentials, rule: LimitRule): Promise<InnerContext> {
  if (credentials.kind === 'key') {
    const db = await getDb();
    ensureServerRuntime(db);
    const env = getEnv();
    const { holder, count } = await authenticateApiKey(db, credentials.secret, { free: env.API_RATE_LIMIT_FREE, premium: env.API_RATE_LIMIT_PREMIUM });
    answerCount(res, count);
    return createInnerContext({ db, user: { id: holder.userId }, apiKey: { id: holder.keyId, scopes: holder.scopes, capped: holder.capped }, account: holder.account });
  }
  const context = await contextFromRequest(req);
  if (!rule.countWithoutKey) return context;
  if (context.user) {
    const row = await context.db.user.findUnique({ where: { id: context.user.id }, select: { premium: true } });
    await limit(res, context.db, [`user:${context.user.id}`], row?.premium ?? false);
  } else {
    await limit(res, context.db, [`address:${req.socket.remoteAddress ?? 'unknown'}`], false);
  }
  return context;
}

async function limit(res: ServerResponse, db: Db, buckets: string[], premium: boolean): Promise<void> {
  const env = getEnv();
  answerCount(res, await countRequest(db, buckets, premium ? env.API_RATE_LIMIT_PREMIUM : env.API_RATE_LIMIT_FREE));
}

/** RateLimit-* on every counted answer; past the limit 429 with Retry-After, and the procedure does not run. */
function answerCount(res: ServerResponse, count: RateCount): void {
  res.setHeader('RateLimit-Limit', String(count.limit));
  res.setHeader('RateLimit-Remaining', String(count.remaining));
  res.setHeader('RateLimit-Reset', String(count.resetSeconds));
  if (count.allowed) return;
  res.setHeader('Retry-After', String(count.resetSeconds));
  throw new AppError('rate_limited');
}
