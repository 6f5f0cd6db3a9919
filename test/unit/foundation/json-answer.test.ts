/**
 * Our JSON answers: small ones are marked `no-transform` (Next's compression then leaves them
 * alone), large ones stay compressible; each carries its exact length, and HEAD gets no body.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, UNCOMPRESSED_UP_TO_BYTES } from '~/server/http/json-answer';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('size'));
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 200, { text: 'x'.repeat(size) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('sendJson', () => {
  it('marks a small answer no-transform, with its exact length and JSON type', async () => {
    const response = await fetch(`${base}/?size=1000`);
    const body = await response.text();
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(JSON.parse(body)).toEqual({ text: 'x'.repeat(1000) });
  });

  it('leaves a large answer compressible', async () => {
    const response = await fetch(`${base}/?size=${UNCOMPRESSED_UP_TO_BYTES + 1}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await response.json()) as unknown).toEqual({ text: 'x'.repeat(UNCOMPRESSED_UP_TO_BYTES + 1) });
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${base}/?size=10`, { method: 'HEAD' });
    expect(response.headers.get('content-length')).toBe(String(JSON.stringify({ text: 'x'.repeat(10) }).length));
    expect(await response.text()).toBe('');
  });
});
