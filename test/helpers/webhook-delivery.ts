/**
 * Webhooks between a provider double and the app: the double POSTs its delivery as it is (keeping
 * the receiver's answer), and a loopback receiver stands in for an app that records what arrives.
 */
import { createArrivals } from './arrivals';
import { sendJson, startLoopbackServer, type RecordedRequest } from './http';

/** What a provider double POSTs to a webhook URL, and how the receiver answered. */
export type OutgoingWebhook = {
  url: string;
  headers: Record<string, string>;
  rawBody: string;
  /** The receiver's HTTP status, or undefined when the POST failed (see error). */
  status?: number;
  error?: string;
};

/** POSTs a provider double's webhook as it is, and keeps the receiver's answer (or the failure) on it. */
export async function postWebhook<D extends OutgoingWebhook>(delivery: D): Promise<D> {
  try {
    const response = await fetch(delivery.url, { method: 'POST', headers: delivery.headers, body: delivery.rawBody, signal: AbortSignal.timeout(10_000) });
    delivery.status = response.status;
    await response.arrayBuffer().catch(() => undefined);
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error);
  }
  return delivery;
}

export type WebhookReceiver = {
  url: string;
  requests: RecordedRequest[];
  /** Status the receiver answers with (default 200). */
  respondWith(status: number): void;
  /** Resolves once `count` deliveries arrived (default 1), or rejects after timeoutMs. */
  waitFor(count?: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
};

/** A loopback endpoint recording webhook deliveries (raw body and headers kept for verification). */
export async function startWebhookReceiver(path = '/webhook'): Promise<WebhookReceiver> {
  const arrived = createArrivals<RecordedRequest>('webhook(s)');
  let status = 200;
  const server = await startLoopbackServer((_req, res, recorded) => {
    arrived.add(recorded);
    sendJson(res, status, { ok: status < 300 });
  });
  return {
    url: `${server.url}${path}`,
    requests: arrived.items,
    respondWith: (value) => {
      status = value;
    },
    waitFor: arrived.waitFor,
    close: server.close,
  };
}
