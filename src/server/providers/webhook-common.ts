/** Small helpers shared by the webhook verifiers. */

export type WebhookHeaders =
  | Headers
  | Record<string, string | string[] | undefined>
  | { get(name: string): string | null };

/** Case-insensitive header read from a Fetch Headers or a Node IncomingHttpHeaders-like object. */
export function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const value = (headers as { get(name: string): string | null }).get(lower);
    return value ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  let value = record[lower] ?? record[name];
  if (value === undefined) {
    const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
    value = key === undefined ? undefined : record[key];
  }
  if (Array.isArray(value)) return value[0];
  return value;
}

export function bodyBytes(rawBody: string | Buffer | Uint8Array): Buffer {
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
  return Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
}

/** Unix seconds, strictly digits. */
export function parseUnixSeconds(value: string): number | undefined {
  if (!/^\d{1,12}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export function nowSeconds(now?: Date | number): number {
  const ms = now === undefined ? Date.now() : typeof now === 'number' ? now : now.getTime();
  return Math.floor(ms / 1000);
}
