/**
 * Browsers send our session cookie with any request to us, whichever site made it: a request that
 * changes something (a REST POST, a tRPC mutation) must show that it comes from our own pages.
 *
 *   - `Sec-Fetch-Site: cross-site` is refused;
 *   - an `Origin` must be exactly ours: scheme, host and port of NEXTAUTH_URL (the `Host` header is
 *     the client's to write, so it proves nothing), and the opaque origin 'null' never is;
 *   - without an Origin, a request carrying the session cookie needs a `Referer` on our origin
 *     (every browser that sends cookies sends one of the two on a same-origin POST, unless the
 *     page asked for no referrer, which ours do not).
 *
 * A request with neither and no session cookie carries no ambient authority (API clients, the
 * sign-in check of a signed-out visitor): it passes, and the procedures' own sign-in rules apply.
 * The webhooks and the storage PUT authenticate by signature and do not come here.
 */
import type { IncomingMessage } from 'node:http';
import { getEnv, type Env } from '~/env';

export const CROSS_SITE_REFUSALS = {
  crossSite: 'Cross-site requests are not accepted.',
  crossOrigin: 'Cross-origin requests are not accepted.',
  unknownOrigin: 'A signed-in request must come from the studio itself: its Origin or Referer header is missing.',
} as const;

/** next-auth's session cookie, plain or __Secure-, whole or in numbered chunks. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;

let known: { env: Env; origin: string } | undefined;

/** The app's public origin, as next-auth knows it (NEXTAUTH_URL, or its default on PORT). */
function siteOrigin(): string {
  const env = getEnv();
  if (known?.env !== env) known = { env, origin: new URL(env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).origin };
  return known.origin;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether the request carries next-auth's session cookie (browsers add it to any request to us). */
export function carriesSessionCookie(req: IncomingMessage): boolean {
  return SESSION_COOKIE.test(header(req, 'cookie') ?? '');
}

/** Why a state-changing request is refused as possibly cross-site, or null when it may go on. */
export function crossSiteRefusal(req: IncomingMessage): string | null {
  if (header(req, 'sec-fetch-site') === 'cross-site') return CROSS_SITE_REFUSALS.crossSite;
  const origin = header(req, 'origin');
  if (origin !== undefined) return origin === siteOrigin() ? null : CROSS_SITE_REFUSALS.crossOrigin;
  if (!carriesSessionCookie(req)) return null;
  const referer = header(req, 'referer');
  if (referer === undefined) return CROSS_SITE_REFUSALS.unknownOrigin;
  return originOf(referer) === siteOrigin() ? null : CROSS_SITE_REFUSALS.crossOrigin;
}
