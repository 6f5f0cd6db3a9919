/**
 * One signed POST to an endpoint through the guarded fetch, told as what the log records: the
 * status (null when no answer came), why it failed in words, and the first 1 kB of the answer.
 * No redirect is followed (a callback's target is the URL its owner saved), the exchange has 10 s,
 * and at most 64 kB of the answer is read: a larger one fails the attempt.
 */
import { toStorableText } from '~/catalogue';
import { AppError } from '~/server/errors';
import { safeFetch, SafeFetchError, type SafeFetchFailure } from '~/server/services/net/safe-fetch';
import { callbackAllowHosts, callbackUrl, CALLBACK_URL_REFUSED } from './address';

export const CALLBACK_TIMEOUT_MS = 10_000;
export const CALLBACK_MAX_ANSWER_BYTES = 64 * 1024;
/** How much of an answer the log keeps. */
export const LOGGED_ANSWER_BYTES = 1024;

export type PostOutcome = { ok: boolean; status: number | null; error: string | null; response: string | null };

const FAILURE_TEXTS: Record<SafeFetchFailure, string> = {
  bad_url: 'The endpoint URL is not valid.',
  refused_address: CALLBACK_URL_REFUSED,
  unresolvable: 'The host could not be found.',
  too_many_redirects: 'The endpoint answered with a redirect, which callbacks do not follow.',
  http_status: 'The endpoint answered with an error.',
  too_large: 'The answer is larger than 64 kB.',
  timeout: 'The endpoint did not answer within 10 s.',
  network: 'The connection to the endpoint failed.',
};

function logged(bytes: Buffer): string {
  return toStorableText(bytes.subarray(0, LOGGED_ANSWER_BYTES).toString('utf8'));
}

export async function postCallback(rawUrl: string, headers: Record<string, string>, body: string): Promise<PostOutcome> {
  try {
    const url = callbackUrl(rawUrl);
    const response = await safeFetch(url.href, {
      method: 'POST',
      body: Buffer.from(body, 'utf8'),
      headers,
      userAgent: 'lumen-studio-callbacks/1',
      maxRedirects: 0,
      anyStatus: true,
      timeoutMs: CALLBACK_TIMEOUT_MS,
      maxBytes: CALLBACK_MAX_ANSWER_BYTES,
      allowHosts: callbackAllowHosts(),
    });
    const answer = await response.buffer();
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, error: ok ? null : `The endpoint answered ${response.status}.`, response: logged(answer) };
  } catch (error) {
    if (error instanceof SafeFetchError) return { ok: false, status: error.status ?? null, error: FAILURE_TEXTS[error.reason], response: null };
    if (error instanceof AppError) return { ok: false, status: null, error: error.message, response: null };
    throw error;
  }
}
