/**
 * next-auth v4 checks the callback URL a request carries (the `next-auth.callback-url` cookie and
 * the `callbackUrl` query parameter) before any action, and treats a value that is neither an
 * http(s) URL nor a path as a configuration error: a 500 on every auth route (csrf, session,
 * providers, _log, signin), so a visitor holding such a cookie could never sign in again. A
 * malformed value is the visitor's, not ours: it is dropped before next-auth reads the request,
 * which then falls back to its default callback (and sets the cookie again, to that).
 */
type AuthRequest = { cookies?: Partial<Record<string, string>>; query: Partial<Record<string, string | string[]>> };

const COOKIE_NAMES = ['next-auth.callback-url', '__Secure-next-auth.callback-url'] as const;

/** next-auth's own test (core/lib/assert.js): an absolute http(s) URL, or a path. */
function isUsableCallbackUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? 'http://localhost' : undefined).protocol);
  } catch {
    return false;
  }
}

export function dropMalformedCallbackUrl(req: AuthRequest): void {
  for (const name of COOKIE_NAMES) {
    if (req.cookies && req.cookies[name] !== undefined && !isUsableCallbackUrl(req.cookies[name])) delete req.cookies[name];
  }
  if (req.query.callbackUrl !== undefined && !isUsableCallbackUrl(req.query.callbackUrl)) delete req.query.callbackUrl;
}
