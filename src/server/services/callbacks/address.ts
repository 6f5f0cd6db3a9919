/**
 * Where callbacks may go: https to a public address, or any `host:port` the operator named in
 * CALLBACK_ALLOW_HOSTS (over http too: local receivers have no certificate). The scheme is checked
 * here, at save and at send; the addresses by the guarded fetch, given the same list, at both.
 */
import { getEnv } from '~/env';
import { AppError } from '~/server/errors';
import { assertAllowedAddress, isAllowedHost, parseHttpUrl, SafeFetchError } from '~/server/services/net/safe-fetch';

export const CALLBACK_URL_REFUSED = 'This address cannot receive callbacks: loopback, private and link-local addresses are refused.';
const NOT_HTTPS = 'The endpoint must be an https:// URL.';

/** How long a save waits for the host's addresses: a name that does not resolve yet is vetted again at send. */
const LOOKUP_TIMEOUT_MS = 3_000;

export function callbackAllowHosts(): readonly string[] {
  return getEnv().callbackAllowHosts;
}

/** The URL, when its scheme may carry callbacks; a clear refusal otherwise. */
export function callbackUrl(raw: string): URL {
  let url: URL;
  try {
    url = parseHttpUrl(raw);
  } catch {
    throw new AppError('validation_failed', NOT_HTTPS);
  }
  if (url.username || url.password) throw new AppError('validation_failed', 'The endpoint URL cannot carry a user name or password.');
  if (url.protocol !== 'https:' && !isAllowedHost(url, callbackAllowHosts())) throw new AppError('validation_failed', NOT_HTTPS);
  return url;
}

/** At save: the scheme, then the host's addresses under the guarded fetch's rules. */
export async function assertCallbackUrl(raw: string): Promise<URL> {
  const url = callbackUrl(raw);
  try {
    await assertAllowedAddress(url.href, { timeoutMs: LOOKUP_TIMEOUT_MS, allowHosts: callbackAllowHosts() });
  } catch (error) {
    if (error instanceof SafeFetchError) throw new AppError('validation_failed', CALLBACK_URL_REFUSED);
    throw error;
  }
  return url;
}
