/**
 * Builds the studio once for the end-to-end tier (skip with E2E_SKIP_BUILD=1 when .next is fresh),
 * checks Debian's Chromium is there, and makes the migrated database the test servers start from.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_REQUIRED, requireExecutable } from '../helpers/prerequisites';
import { ARTIFACTS_DIR, CHROMIUM_PATH, FULL_CHROMIUM_PATH } from './helpers/chromium';
import { makeDatabaseTemplate, removeDatabaseTemplate } from './helpers/database-template';

export default function setup(project: TestProject): () => void {
  // Before the build: without Chromium the tier stops at once, saying what to install.
  requireExecutable('Chromium', CHROMIUM_PATH, CHROMIUM_REQUIRED);
  requireExecutable('Chromium', FULL_CHROMIUM_PATH, CHROMIUM_REQUIRED);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const fresh = process.env.E2E_SKIP_BUILD === '1' && existsSync('.next/BUILD_ID') && existsSync('.next/studio/inference-worker.cjs');
  // `npm run build` itself: the Next app (type-checked) and the inference worker, as production builds them.
  if (!fresh) execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const template = makeDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return () => removeDatabaseTemplate(template);
}
