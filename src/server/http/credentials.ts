/**
 * What a request authenticates with: the session cookie, an API key (`Authorization: Bearer
 * lsk_...`), or nothing. A request with both is refused (two_credentials): whose request it is
 * must never depend on which one a route happens to read first.
 */
import type { IncomingMessage } from 'node:http';
import { AppError } from '~/server/errors';
import { API_KEY_MARK } from '~/server/services/api-keys/secret';
import { carriesSessionCookie } from './same-origin';

export type Credentials = { kind: 'none' } | { kind: 'session' } | { kind: 'key'; secret: string };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The API key a request carries, or null (a bearer token that is not one of our keys is not a key). */
export function apiKeyOf(req: IncomingMessage): string | null {
  const authorization = req.headers.authorization;
  const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  return token?.startsWith(API_KEY_MARK) ? token : null;
}

export function credentialsOf(req: IncomingMessage): Credentials {
  const secret = apiKeyOf(req);
  const session = carriesSessionCookie(req);
  if (secret !== null && session) throw new AppError('two_credentials');
  if (secret !== null) return { kind: 'key', secret };
  return session ? { kind: 'session' } : { kind: 'none' };
}
