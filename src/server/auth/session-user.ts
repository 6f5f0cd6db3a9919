/**
 * Who is calling, from the next-auth session cookie. Sessions are JWTs, so decoding the token is
 * enough (getServerSession would also re-issue the cookie on every call, several times slower).
 * Only the id is taken: credits and premium are always read from the database.
 *
 * Decoding (a key derivation and an authenticated decryption) is the dearest part of a poll, and a
 * client sends the same cookie on every poll: each distinct cookie is decoded once and its answer
 * kept, bounded, until the token's own expiry. After that, or for anything not kept (no session,
 * a token that does not decode), next-auth decides exactly as before.
 */
import { getToken } from 'next-auth/jwt';
import { getEnv, type Env } from '~/env';

export type SessionUser = { id: string };

const MAX_SESSIONS = 10_000;
/** Longer cookie headers are decoded every time rather than kept. */
const MAX_KEY_LENGTH = 8_192;

type Decoded = { userId: string; expiresAt: number };
type SessionCache = { identity: string; decoded: Map<string, Decoded> };
const holder = globalThis as unknown as { studioSessionCache?: SessionCache };

/** What getToken reads of a request: its headers (and the cookies Next parsed, when it did). */
type Request = { headers: Record<string, string | string[] | undefined>; cookies?: Partial<Record<string, string>> };

export async function sessionUserFromRequest(req: Request): Promise<SessionUser | null> {
  const env = getEnv();
  const secret = env.secret;
  const sessions = sessionCache(env);
  const key = sessionKey(req);
  const known = sessions.get(key);
  if (known && known.expiresAt > Date.now()) return { id: known.userId };
  const token = await getToken({ req: withCookies(req) as never, secret, secureCookie: usesSecureCookie(env) }).catch(() => null);
  if (typeof token?.sub !== 'string' || !token.sub) {
    sessions.delete(key);
    return null;
  }
  // A token past its expiry that next-auth still accepts (its clock tolerance) is answered, not kept.
  if (typeof token.exp === 'number' && token.exp * 1000 > Date.now() && key.length <= MAX_KEY_LENGTH) {
    sessions.set(key, { userId: token.sub, expiresAt: token.exp * 1000 });
    if (sessions.size > MAX_SESSIONS) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) sessions.delete(oldest);
    }
  }
  return { id: token.sub };
}

/**
 * getToken finds the session cookie only among parsed cookies. Next parses them for the requests it
 * serves; a request the production server answers before Next (direct-routes.ts) has only its
 * Cookie header, parsed here as Next would: `name=value` pairs split on `;`, the first of a repeated
 * name kept, values percent-decoded where they decode.
 */
function withCookies(req: Request): Request {
  if (req.cookies) return req;
  const header = req.headers.cookie;
  // No prototype: a cookie may be named `constructor` or `__proto__`.
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of (Array.isArray(header) ? header.join(';') : (header ?? '')).split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1) continue;
    const name = pair.slice(0, equals).trim();
    if (name === '' || Object.hasOwn(cookies, name)) continue;
    cookies[name] = decodedCookieValue(pair.slice(equals + 1).trim());
  }
  return { headers: req.headers, cookies };
}

function decodedCookieValue(value: string): string {
  const unquoted = value.length > 1 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (!unquoted.includes('%')) return unquoted;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}

/**
 * The key of a kept answer: everything getToken may read, i.e. the raw Cookie header (where the
 * session cookie is, perhaps split into numbered chunks) and a bearer token. The raw header, not
 * Next's parsed cookies: parsing it on every poll cost more than the rest of this function. Two
 * requests with the same header always decode alike; other cookies only make more keys.
 */
function sessionKey(req: Request): string {
  return `${req.headers.cookie ?? ''}\n${req.headers.authorization ?? ''}`;
}

/**
 * Whether the session cookie is the __Secure- one: next-auth's own rule (getToken's default),
 * given from env.ts so that nothing here reads process.env.
 */
function usesSecureCookie(env: Env): boolean {
  return env.NEXTAUTH_URL?.startsWith('https://') ?? Boolean(env.VERCEL);
}

/** The kept answers for this secret and cookie naming (a change of either forgets them all). */
function sessionCache(env: Env): Map<string, Decoded> {
  const identity = `${env.secret}\n${usesSecureCookie(env)}`;
  if (holder.studioSessionCache?.identity !== identity) holder.studioSessionCache = { identity, decoded: new Map() };
  return holder.studioSessionCache.decoded;
}
