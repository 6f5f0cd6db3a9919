/**
 * `npm test`: the three tiers in order (unit, integration, end-to-end), stopping at the first that
 * fails, then one line with each tier's time, so a slow tier shows in every run's log.
 */
import { spawnSync } from 'node:child_process';

const TIERS = ['unit', 'integration', 'e2e'];
const times = [];
let status = 0;
for (const tier of TIERS) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', `test:${tier}`], { stdio: 'inherit' });
  times.push(`${tier} ${Math.round((performance.now() - started) / 1000)} s`);
  status = run.status ?? 1;
  if (status !== 0) break;
}
console.log(`\nTiers (Node ${process.versions.node}): ${times.join(' · ')}`);
process.exit(status);
