/**
 * Builds the studio once for the end-to-end tier (skip with E2E_SKIP_BUILD=1 when .next is fresh)
 * and checks Debian's Chromium is there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { CHROMIUM_REQUIRED, requireExecutable } from '../helpers/prerequisites';
import { ARTIFACTS_DIR, CHROMIUM_PATH } from './helpers/chromium';

export default function setup(): void {
  // Before the build: without Chromium the tier stops at once, saying what to install.
  requireExecutable('Chromium', CHROMIUM_PATH, CHROMIUM_REQUIRED);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync('.next/BUILD_ID') && existsSync('.next/studio/inference-worker.cjs')) return;
  // `npm run build` itself: the Next app (type-checked) and the inference worker, as production builds them.
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
