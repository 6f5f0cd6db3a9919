/**
 * What `npm test` needs beyond npm, in the README's own words: a tier whose package is missing
 * stops at once with its sentence (test/unit/foundation/test-prerequisites.test.ts keeps the README
 * and these in step).
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_REQUIRED = "The end-to-end tier needs Debian's `chromium-headless-shell` and `chromium` packages (`apt-get install -y chromium-headless-shell chromium`; `.ci/run` installs them).";
export const NGINX_REQUIRED = "The integration tier runs `deploy/nginx.conf` in Debian's `nginx` package (`apt-get install -y nginx`; `.ci/run` installs it).";

/** Throws `<name> not found at <path>. <sentence>` when the executable is missing. */
export function requireExecutable(name: string, path: string, sentence: string): void {
  if (!existsSync(path)) throw new Error(`${name} not found at ${path}. ${sentence}`);
}
