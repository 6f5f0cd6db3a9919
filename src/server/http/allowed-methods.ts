/**
 * A request in a method its route does not take is the client's mistake: 405 with an Allow header
 * naming the methods that route takes, and one wording for the message on every route.
 */
import type { ServerResponse } from 'node:http';

/** 'Method PUT is not allowed. Use GET or POST.' (HEAD goes unnamed: it is GET without the body.) */
export function methodNotAllowedMessage(method: string | undefined, allowed: readonly string[]): string {
  const named = allowed.filter((m) => m !== 'HEAD');
  return `Method ${method ?? '?'} is not allowed. Use ${named.join(' or ')}.`;
}

/** Whether the request's method is one of `allowed`; if not, the Allow header is set for the refusal. */
export function takesMethod(method: string | undefined, allowed: readonly string[], res: Pick<ServerResponse, 'setHeader'>): boolean {
  if (allowed.includes((method ?? 'GET').toUpperCase())) return true;
  res.setHeader('Allow', allowed.join(', '));
  return false;
}
