/**
 * Records how something on the page changes over time, in the page itself (a MutationObserver),
 * so a test can assert the whole sequence a person saw (a countdown, a rising progress bar)
 * without racing the page's own timers.
 */
import type { Page } from 'playwright-core';

type Recorded = { values: string[] };
type RecordingWindow = Window & { __recordings?: Record<string, Recorded> };

/**
 * From now on, every distinct value of `read` over the elements matching `selector` (the first
 * match) is appended to the recording `name`. `read` is 'text' or an attribute name.
 */
export async function startRecording(page: Page, name: string, selector: string, read: 'text' | string): Promise<void> {
  await page.evaluate(
    ({ name, selector, read }) => {
      const w = window as RecordingWindow;
      const recordings = (w.__recordings ??= {});
      const recording: Recorded = (recordings[name] = { values: [] });
      const sample = () => {
        const element = document.querySelector(selector);
        if (!element) return;
        const value = read === 'text' ? element.textContent : element.getAttribute(read);
        if (value === null || value === recording.values.at(-1)) return;
        recording.values.push(value);
      };
      sample();
      new MutationObserver(sample).observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { name, selector, read },
  );
}

export async function recorded(page: Page, name: string): Promise<string[]> {
  return page.evaluate((name) => (window as RecordingWindow).__recordings?.[name]?.values ?? [], name);
}

/** Makes the page believe its tab is hidden (or visible again), as switching tabs does. */
export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}
