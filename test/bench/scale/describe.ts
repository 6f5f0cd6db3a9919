/**
 * The data-scale runs as text: the terminal's table of one run, and BENCHMARKS.md's section over
 * the recorded runs (each cell the median of the runs, lowest and highest in brackets).
 */
import { CONNECTIONS } from '../api';
import type { ScaleRow } from './index';
import { BARE, POLL_RUNNING, POLL_RUNNING_REST, type ScaleReadRow } from './reads';
import { describeSearchLatency, SEARCH_P99_TARGET_MS, SEARCHES_PER_QUERY } from './search-latency';
import { median } from '../median';

export type ScaleRun = { at: string; commit: string; loadBefore?: number; scale: ScaleRow };

/** Targets of issue 20 item 7: each read on the large database against the same read on the small one. */
export const SCALE_RPS_TARGET = 0.8;
export const SCALE_P99_TARGET = 1.5;
/** The poll of a running generation against the bare route (same studio, same rounds). */
export const RUNNING_POLL_TARGET = 0.7;

const rpsRatio = (row: ScaleReadRow) => row.large.rps / row.small.rps;
const p99Ratio = (row: ScaleReadRow) => row.large.p99 / Math.max(1, row.small.p99);
const bareOf = (rows: ScaleReadRow[]) => rows.find((row) => row.name === BARE);
const failures = (row: ScaleReadRow) => row.small.errors + row.small.non2xx + row.large.errors + row.large.non2xx;

function cell(values: number[], digits: number): string {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return '–';
  const format = (v: number) => v.toFixed(digits);
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  return low === high ? format(low) : `${format(median(finite))} (${format(low)}–${format(high)})`;
}

function dataLine(row: ScaleRow): string {
  return `large: ${row.large.generations.toLocaleString('en')} generations (${row.otherRows.toLocaleString('en')} of ${(row.large.users - 1).toLocaleString('en')} other users, ${row.ownRows.toLocaleString('en')} of the benchmark user), ${row.large.ledger.toLocaleString('en')} ledger rows; small: ${row.small.generations} generations, ${row.small.ledger} ledger rows`;
}

/** One run, for the terminal. */
export function describeScale(run: ScaleRun): string {
  const { scale } = run;
  const bare = bareOf(scale.reads);
  const lines = [
    `Data scale (${dataLine(scale)}; seeded in ${scale.seedSeconds} s); ${scale.rounds} interleaved rounds, ${scale.secondsPerRead} s per read and database`,
    '| Read | small req/s | large req/s | ÷ small | small p99 | large p99 | ÷ small p99 | errors + non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...scale.reads.map((r) => `| ${r.name}${r.notRunning ? ` (${r.notRunning} window(s) not running)` : ''} | ${r.small.rps} | ${r.large.rps} | ${rpsRatio(r).toFixed(2)} | ${r.small.p99} | ${r.large.p99} | ${p99Ratio(r).toFixed(2)} | ${failures(r)} |`),
  ];
  if (bare) {
    for (const name of [POLL_RUNNING, POLL_RUNNING_REST]) {
      const row = scale.reads.find((r) => r.name === name);
      if (row) lines.push(`${name} ÷ bare route: small ${(row.small.rps / bare.small.rps).toFixed(2)}, large ${(row.large.rps / bare.large.rps).toFixed(2)} (goal ≥ ${RUNNING_POLL_TARGET})`);
    }
  }
  if (scale.search) lines.push('', ...describeSearchLatency(scale.search), '');
  const e = scale.engine;
  lines.push(`engine round (${e.rounds} each, alternating): small median ${e.smallMedianMs} ms (p90 ${e.smallP90Ms}), large median ${e.largeMedianMs} ms (p90 ${e.largeP90Ms})`);
  return lines.join('\n');
}

/** BENCHMARKS.md's data-scale section over the recorded runs. */
export function renderScale(runs: ScaleRun[]): string[] {
  if (runs.length === 0) return [];
  const names = runs[0]!.scale.reads.map((r) => r.name);
  const of = (name: string) => runs.map((run) => run.scale.reads.find((r) => r.name === name)).filter((r): r is ScaleReadRow => r !== undefined);
  const readRows = names
    .filter((name) => name !== BARE)
    .map((name) => {
      const rows = of(name);
      return `| ${name} | ${cell(rows.map((r) => r.small.rps), 0)} | ${cell(rows.map((r) => r.large.rps), 0)} | ${cell(rows.map(rpsRatio), 2)} | ${cell(rows.map((r) => r.small.p99), 0)} | ${cell(rows.map((r) => r.large.p99), 0)} | ${cell(rows.map(p99Ratio), 2)} | ${cell(rows.map(failures), 0)} |`;
    });
  const bareRows = of(BARE);
  const pollRows = [POLL_RUNNING, POLL_RUNNING_REST].map((name) => {
    const ratios = runs.flatMap((run) => {
      const bare = bareOf(run.scale.reads);
      const row = run.scale.reads.find((r) => r.name === name);
      return bare && row ? [row.small.rps / bare.small.rps, row.large.rps / bare.large.rps] : [];
    });
    const notRunning = runs.reduce((total, run) => total + (run.scale.reads.find((r) => r.name === name)?.notRunning ?? 0), 0);
    return `| ${name} ÷ bare route (both databases) | ${cell(ratios, 2)} | ≥ ${RUNNING_POLL_TARGET.toFixed(2)} | windows the job did not span: ${notRunning} |`;
  });
  const engine = runs.map((run) => run.scale.engine);
  const commits = [...new Set(runs.map((r) => r.commit))].join(', ');
  const dates = [...new Set(runs.map((r) => r.at.slice(0, 10)))].join(', ');
  const latest = runs.at(-1)!.scale;
  return [
    `### Data scale (\`npm run bench -- --rows=${latest.otherRows}\`)`,
    '',
    `${runs.length} run${runs.length > 1 ? 's' : ''} of commit ${commits} (${dates}). ${dataLine(latest)}. Two studios side by side, one per`,
    `database, the same reads on both in ${latest.rounds} interleaved rounds of ${(latest.secondsPerRead / latest.rounds).toFixed(1)} s (${CONNECTIONS} connections), each figure the mean of its rounds.`,
    `Pages are equally full on both (24 creations, 6 recent, 20 ledger rows). Bare route: small ${cell(bareRows.map((r) => r.small.rps), 0)} req/s, large ${cell(bareRows.map((r) => r.large.rps), 0)} req/s.`,
    '',
    `| Read | small req/s | large req/s | large ÷ small (≥ ${SCALE_RPS_TARGET.toFixed(2)}) | small p99 ms | large p99 ms | large ÷ small p99 (≤ ${SCALE_P99_TARGET.toFixed(2)}) | errors + non-2xx |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...readRows,
    '',
    '| Poll of a running local video job | req/s ÷ bare | Target | |',
    '|---|---:|---:|---|',
    ...pollRows,
    '',
    ...searchSection(runs),
    `Engine round (expire, claim due, claim stale; nothing to do, timed from the bench process, ${engine[0]!.rounds} rounds per database alternating): median small ${cell(engine.map((e) => e.smallMedianMs), 2)} ms, large ${cell(engine.map((e) => e.largeMedianMs), 2)} ms; p90 small ${cell(engine.map((e) => e.smallP90Ms), 2)} ms, large ${cell(engine.map((e) => e.largeP90Ms), 2)} ms.`,
    '',
  ];
}

/** The searches over the runs that measured them (each cell the median of those runs). */
function searchSection(runs: ScaleRun[]): string[] {
  const measured = runs.flatMap((run) => (run.scale.search ? [run.scale.search] : []));
  if (measured.length === 0) return [];
  const queries = measured[0]!.map((row) => row.query);
  const of = (query: string) => measured.map((rows) => rows.find((row) => row.query === query)).filter((row) => row !== undefined);
  return [
    `Search on the large database, one request at a time (${SEARCHES_PER_QUERY} of each query per run, ${measured.length} run${measured.length > 1 ? 's' : ''}):`,
    '',
    `| Query | matches on page 1 | p50 ms | p99 ms (< ${SEARCH_P99_TARGET_MS}) | max ms |`,
    '|---|---:|---:|---:|---:|',
    ...queries.map((query) => {
      const rows = of(query);
      return `| "${query}" | ${cell(rows.map((r) => r.matches), 0)} | ${cell(rows.map((r) => r.p50), 1)} | ${cell(rows.map((r) => r.p99), 1)} | ${cell(rows.map((r) => r.max), 1)} |`;
    }),
    '',
  ];
}
