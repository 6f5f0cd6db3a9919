/**
 * A steady poll, as open pages make it: one request every 1000/rate ms on a fixed schedule (open
 * loop), over a few kept-alive connections, each request's latency counted from the moment it was
 * due, so a server that stalls shows it in full (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it lets each connection send its whole share of a second at
 * the start of that second, back to back, so its "p99 at 100 req/s" is the time to drain a burst of
 * 100 (≈ 25 service times queued per connection), a measure of throughput rather than of what a
 * page waits for its poll. Its coordinated-omission correction then adds a synthetic sample for
 * each millisecond of that queue.
 */
import { Agent, request } from 'node:http';

export type SteadyPollResult = {
  sent: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** Every answered request's latency, ms, ascending (to pool several windows). */
  latencies: number[];
};

export type SteadyPollOptions = { url: string; headers: Record<string, string>; rate: number; seconds: number; connections: number };

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export async function steadyPoll(options: SteadyPollOptions): Promise<SteadyPollResult> {
  const { url, headers, rate, seconds, connections } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const intervalMs = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failed = 0;

  const once = (due: number) =>
    new Promise<void>((resolve) => {
      const sent = request(url, { agent, headers }, (response) => {
        response.resume();
        response.once('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - due);
          else failed += 1;
          resolve();
        });
      });
      sent.once('error', () => {
        failed += 1;
        resolve();
      });
      sent.end();
    });

  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    // Timers fire late under load; the latency counts from `due` all the same.
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(once(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { sent: total, failed, p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), max: round(sorted.at(-1) ?? Number.NaN), latencies: sorted };
}
