/**
 * API throughput and latency under load (autocannon, 32 connections), each endpoint after a short
 * warm-up: the bare route first (the ceiling of this machine in this run), then the poll path and
 * the submit path.
 */
import autocannon from 'autocannon';

export const CONNECTIONS = 32;

export type ApiRow = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

export const ENDPOINTS = {
  bare: 'GET /api/health (bare route)',
  restGet: 'GET /api/unigen/{id}',
  trpcGet: 'prediction.get (tRPC)',
  submit: 'POST /api/unigen (premium, unique keys)',
} as const;

/** Unrecorded seconds of the same load before each measurement, so no endpoint is measured cold (JIT, pools, caches). */
const WARM_UP_S = 2;

async function measure(name: string, durationS: number, options: autocannon.Options, warmUp: autocannon.Options = options): Promise<ApiRow> {
  await autocannon({ connections: CONNECTIONS, duration: WARM_UP_S, ...warmUp });
  const result = await autocannon({ connections: CONNECTIONS, duration: durationS, ...options });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function measureApi(baseUrl: string, cookie: string, generationId: string, durationS: number): Promise<ApiRow[]> {
  const trpcInput = encodeURIComponent(JSON.stringify({ 0: { json: { id: generationId } } }));
  let counter = 0;
  const submit: autocannon.Options = { url: `${baseUrl}/api/unigen`, method: 'POST', headers: { cookie, 'content-type': 'application/json' } };
  return [
    await measure(ENDPOINTS.bare, durationS, { url: `${baseUrl}/api/health` }),
    await measure(ENDPOINTS.restGet, durationS, { url: `${baseUrl}/api/unigen/${generationId}`, headers: { cookie } }),
    await measure(ENDPOINTS.trpcGet, durationS, { url: `${baseUrl}/api/trpc/prediction.get?batch=1&input=${trpcInput}`, headers: { cookie } }),
    await measure(
      ENDPOINTS.submit,
      durationS,
      {
        ...submit,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'bench', idempotency_key: `bench-${process.pid}-${(counter += 1)}` }),
            }),
          },
        ],
      },
      // Warmed up with one key replayed: the same path, but no extra jobs queued to start (the
      // premium wait is 10 s) while the submits are measured.
      { ...submit, body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'bench', idempotency_key: `bench-${process.pid}-warm-up` }) },
    ),
  ];
}
