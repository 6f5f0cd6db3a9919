/**
 * API throughput and latency under load (autocannon, 32 connections), each measurement after a
 * short warm-up. The bare route (the ceiling of this machine in this run) and the two poll paths
 * are measured in interleaved rounds (bare, REST, tRPC, bare, REST, tRPC, ...), each round a
 * share of the endpoint's seconds: this VM's speed drifts by a fifth within a minute, and a single
 * window per endpoint let that drift decide the ratios. Each figure of those three is the mean of
 * its rounds (req/s, p50, p99). The submit path comes last, once: it queues engine jobs that run
 * on for a while.
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

/** Interleaved rounds of the bare route and the poll paths. */
export const READ_ROUNDS = 3;

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
  const reads: Array<[string, autocannon.Options]> = [
    [ENDPOINTS.bare, { url: `${baseUrl}/api/health` }],
    [ENDPOINTS.restGet, { url: `${baseUrl}/api/unigen/${generationId}`, headers: { cookie } }],
    [ENDPOINTS.trpcGet, { url: `${baseUrl}/api/trpc/prediction.get?batch=1&input=${trpcInput}`, headers: { cookie } }],
  ];
  const rounds: ApiRow[][] = reads.map(() => []);
  for (let round = 0; round < READ_ROUNDS; round += 1) {
    for (const [index, [name, options]] of reads.entries()) rounds[index]!.push(await measure(name, durationS / READ_ROUNDS, options));
  }
  return [...rounds.map(meanOfRounds), await measureSubmit(baseUrl, cookie, durationS)];
}

/**
 * POST /api/unigen from 32 connections, each submit with a key of its own (every one queues a
 * job and is charged), signed in as a premium user from the app's own pages.
 */
export async function measureSubmit(baseUrl: string, cookie: string, durationS: number): Promise<ApiRow> {
  let counter = 0;
  const submit: autocannon.Options = { url: `${baseUrl}/api/unigen`, method: 'POST', headers: { cookie, origin: baseUrl, 'content-type': 'application/json' } };
  return measure(
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
  );
}

function meanOfRounds(rows: ApiRow[]): ApiRow {
  const mean = (pick: (row: ApiRow) => number) => rows.reduce((sum, row) => sum + pick(row), 0) / rows.length;
  const sum = (pick: (row: ApiRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return { name: rows[0]!.name, rps: Math.round(mean((r) => r.rps)), p50: Math.round(mean((r) => r.p50)), p99: Math.round(mean((r) => r.p99)), errors: sum((r) => r.errors), non2xx: sum((r) => r.non2xx) };
}
