/**
 * Every page's first-load JavaScript stays within its budget (issue 10: ≤ 250 kB gzip), measured
 * on the build the end-to-end tier just made. Prints each page's size either way.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadJs, formatWeights, SHARE_PAGE_BUDGET_BYTES } from '@test/helpers/first-load-js';

describe('first-load JavaScript budget', () => {
  it(`every page loads at most ${FIRST_LOAD_BUDGET_BYTES / 1000} kB of gzip JavaScript first`, () => {
    const weights = firstLoadJs();
    console.log(`First-load JS (gzip):\n${formatWeights(weights)}`);
    expect(weights.map((w) => w.page)).toEqual(expect.arrayContaining(['/', '/create/[appId]', '/creations', '/image-effects/[effectId]', '/models/[loraId]']));
    const over = weights.filter((w) => w.gzipBytes > FIRST_LOAD_BUDGET_BYTES).map((w) => `${w.page}: ${(w.gzipBytes / 1000).toFixed(1)} kB`);
    expect(over, `over budget:\n${over.join('\n')}`).toEqual([]);
  });

  it(`the share page loads at most ${SHARE_PAGE_BUDGET_BYTES / 1000} kB of gzip JavaScript first`, () => {
    const share = firstLoadJs().find((w) => w.page === '/c/[id]');
    expect(share, 'no /c/[id] page in the build').toBeDefined();
    expect(share!.gzipBytes).toBeLessThanOrEqual(SHARE_PAGE_BUDGET_BYTES);
  });
});
