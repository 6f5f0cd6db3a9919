/** The README says what `npm test` needs beyond npm, and a tier without its package stops with that sentence. */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHROMIUM_REQUIRED, NGINX_REQUIRED } from '@test/helpers/prerequisites';

const readme = readFileSync('README.md', 'utf8');

describe('test prerequisites', () => {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  it('the README names each package in the sentence the tiers print', () => {
    expect(readme).toContain(`- ${CHROMIUM_REQUIRED}`);
    expect(readme).toContain(`- ${NGINX_REQUIRED}`);
  });

  it('the end-to-end tier stops at once (before building) with that sentence when Chromium is missing', async () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    // A fresh module graph, so the helper reads CHROMIUM_PATH as the tier would at start.
    vi.resetModules();
    const setup = (await import('../../e2e/global-setup')).default;
    // It stops before it builds or provides anything, so no project is needed.
    expect(() => setup(undefined as never)).toThrow(`Chromium not found at /nonexistent/chromium. ${CHROMIUM_REQUIRED}`);
  });

  it('.ci/run installs the packages when missing', () => {
    const ci = readFileSync('.ci/run', 'utf8');
    expect(ci).toMatch(/need_apt\+=\(chromium-headless-shell\)/);
    expect(ci).toMatch(/need_apt\+=\(chromium\)/);
    expect(ci).toMatch(/need_apt\+=\(nginx\)/);
  });
});
