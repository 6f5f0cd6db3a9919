/**
 * Issue 21 §2: how long a person waits for a search among 50,000 creations of their own. One
 * request at a time, as a person types and waits, on the large studio: under the reads' 32
 * connections every read's p99 is the length of the queue, not of the search. Each query goes
 * over HTTP as the /creations page sends it (tRPC GET, batched), in turns, so a slow moment of the
 * machine spreads over all of them rather than landing on one.
 */
import type { ScaleSide } from './reads';
import { SEARCH_WORD } from './seed';

/** One word, part of a word, two words (both required), and a word no creation holds (every row of the user is read). */
export const SEARCH_QUERIES = [SEARCH_WORD, SEARCH_WORD.slice(0, 6), `${SEARCH_WORD} cliff`, 'zeppelin'] as const;
export const SEARCHES_PER_QUERY = 100;
const WARM_UP_PER_QUERY = 5;
/** The /creations page's page size. */
const PAGE = 24;
export const SEARCH_P99_TARGET_MS = 100;

export type SearchLatencyRow = { query: string; matches: number; p50: number; p99: number; max: number };

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function searchOnce(side: ScaleSide, query: string): Promise<{ ms: number; matches: number }> {
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { limit: PAGE, q: query } } }));
  const started = performance.now();
  const response = await fetch(`${side.url}/api/trpc/prediction.list?batch=1&input=${input}`, { headers: { cookie: side.cookie } });
  const body = (await response.json()) as [{ result?: { data: { json: { items: unknown[] } } } }];
  const ms = performance.now() - started;
  const items = body[0].result?.data.json.items;
  if (!response.ok || !items) throw new Error(`the search for "${query}" answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, matches: items.length };
}

export async function measureSearchLatency(side: ScaleSide): Promise<SearchLatencyRow[]> {
  for (let i = 0; i < WARM_UP_PER_QUERY; i += 1) for (const query of SEARCH_QUERIES) await searchOnce(side, query);
  const times = new Map<string, number[]>(SEARCH_QUERIES.map((query) => [query, []]));
  const matches = new Map<string, number>();
  for (let i = 0; i < SEARCHES_PER_QUERY; i += 1) {
    for (const query of SEARCH_QUERIES) {
      const answer = await searchOnce(side, query);
      times.get(query)!.push(answer.ms);
      matches.set(query, answer.matches);
    }
  }
  return SEARCH_QUERIES.map((query) => {
    const sorted = [...times.get(query)!].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return { query, matches: matches.get(query) ?? 0, p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), max: round(sorted.at(-1)!) };
  });
}

export function describeSearchLatency(rows: SearchLatencyRow[]): string[] {
  return [
    `| Search (${SEARCHES_PER_QUERY} each, one at a time, 50,000 own creations) | matches on page 1 | p50 ms | p99 ms (< ${SEARCH_P99_TARGET_MS}) | max ms |`,
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| "${r.query}" | ${r.matches} | ${r.p50} | ${r.p99} | ${r.max} |`),
  ];
}
