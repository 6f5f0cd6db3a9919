/**
 * Requests next-auth would answer with a 500 or a bare 400 are answered clearly first: an action it
 * does not have is 404, a method an action does not take is 405 with Allow, a sign-in or callback
 * for a provider this deployment does not offer is 404, and the development sign-in's callback
 * only takes the POST of its form (a GET, e.g. a pasted link, is 405 with Allow: POST).
 */
import type { NextAuthOptions } from 'next-auth';
import { methodNotAllowedMessage } from './allowed-methods';

export type AuthRefusal = { status: 404 | 405; allow?: string; error: string; message: string };

type ProviderConfig = NextAuthOptions['providers'][number] & { options?: { id?: string } };

/** next-auth's own rule: a provider's user options (e.g. a credentials id) win over its defaults. */
function providerId(provider: ProviderConfig): string {
  return provider.options?.id ?? provider.id;
}

/** The methods next-auth answers for each of its actions (any other it answers 400, as a bad request). */
const ACTION_METHODS: Readonly<Record<string, readonly string[]>> = {
  providers: ['GET'],
  csrf: ['GET'],
  error: ['GET'],
  'verify-request': ['GET'],
  session: ['GET', 'POST'],
  signin: ['GET', 'POST'],
  signout: ['GET', 'POST'],
  callback: ['GET', 'POST'],
  _log: ['POST'],
};

export function refuseAuthRequest(method: string | undefined, segments: string[], options: NextAuthOptions): AuthRefusal | null {
  const [action, id] = segments;
  const methods = action !== undefined && Object.hasOwn(ACTION_METHODS, action) ? ACTION_METHODS[action]! : null;
  if (!methods) return { status: 404, error: 'not_found', message: 'Not found.' };
  if (!methods.includes((method ?? 'GET').toUpperCase())) {
    return { status: 405, allow: methods.join(', '), error: 'method_not_allowed', message: methodNotAllowedMessage(method, methods) };
  }
  if ((action !== 'callback' && action !== 'signin') || !id) return null;
  const provider = (options.providers as ProviderConfig[]).find((p) => providerId(p) === id);
  if (!provider) return { status: 404, error: 'unknown_provider', message: 'This sign-in method is not available.' };
  if (provider.type === 'credentials' && action === 'callback' && (method ?? 'GET').toUpperCase() !== 'POST') {
    return { status: 405, allow: 'POST', error: 'method_not_allowed', message: 'This sign-in takes a POST from its form.' };
  }
  return null;
}
