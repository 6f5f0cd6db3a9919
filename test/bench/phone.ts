/**
 * A page load as a person on a mid-range phone feels it: Debian's Chromium with a 390×844 touch
 * viewport, 4× CPU throttling and a slow-4G network (150 ms latency, 200 000 B/s down, 93 750 B/s
 * up), each load in a fresh browser context (cold cache). Reads, on the page's own clock:
 * - Largest Contentful Paint (a buffered PerformanceObserver),
 * - when the form reacts: a prompt typed into the page makes Generate respond, i.e. React has
 *   hydrated the form (Generate is server-rendered disabled while the prompt is empty),
 * - the bytes transferred (encoded, headers included) until the network is quiet.
 * A page without a form (the share page /c/{id} sends no script at all) is read for its LCP and
 * bytes once loaded and quiet; its form figure is absent.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { FULL_CHROMIUM_PATH, launchChromium } from '../e2e/helpers/chromium';

export const PHONE_PROFILE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  cpuSlowdown: 4,
  network: { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 },
} as const;

export type PhoneLoad = { lcpMs: number; formReactsMs: number; bytes: number };
/** A load of a page that has no form to react: LCP and bytes. */
export type StaticPhoneLoad = Omit<PhoneLoad, 'formReactsMs'>;

type PageProbe = { lcp: number | null; formReacts: number | null };

/**
 * Installed before any page script. Every 50 ms it types a new prompt (the native value setter and
 * an input event, as a keyboard would) and looks at Generate: the first time Generate, seen
 * disabled before, is enabled, the form has reacted.
 */
const PROBE_SCRIPT = `(() => {
  if (window.top !== window) return;
  const probe = (window.__phoneProbe = { lcp: null, formReacts: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
  let seenDisabled = false;
  let typed = 0;
  const look = () => {
    const button = document.querySelector('[data-testid="generate-button"]');
    if (!button) return false;
    if (button.disabled) seenDisabled = true;
    else if (seenDisabled && typed > 0) probe.formReacts = performance.now();
    return probe.formReacts !== null;
  };
  const tick = () => {
    if (look()) return;
    const prompt = document.querySelector('[data-control="prompt"] textarea');
    if (prompt && seenDisabled) {
      typed += 1;
      setValue.call(prompt, 'a lighthouse at dusk ' + typed);
      prompt.dispatchEvent(new Event('input', { bubbles: true }));
      // React renders a discrete input synchronously; look again right after it.
      setTimeout(() => look() || setTimeout(tick, 50), 0);
      return;
    }
    setTimeout(tick, 50);
  };
  tick();
})();`;

export function measurePhoneLoads(url: string, runs: number): Promise<PhoneLoad[]> {
  return repeatedLoads(runs, (browser) => loadOnce(browser, url));
}

/** The same phone, on a page with no form (the share page): LCP and bytes. */
export function measureStaticPhoneLoads(url: string, runs: number): Promise<StaticPhoneLoad[]> {
  return repeatedLoads(runs, (browser) => loadOnce(browser, url, { form: false }));
}

async function repeatedLoads<Load>(runs: number, load: (browser: Browser) => Promise<Load>): Promise<Load[]> {
  if (runs <= 0) return [];
  const browser = await launchChromium(FULL_CHROMIUM_PATH);
  try {
    await load(browser); // the server's first render of the page is not what a visitor feels
    const loads: Load[] = [];
    for (let run = 0; run < runs; run += 1) loads.push(await load(browser));
    return loads;
  } finally {
    await browser.close();
  }
}

async function loadOnce(browser: Browser, url: string): Promise<PhoneLoad>;
async function loadOnce(browser: Browser, url: string, options: { form: false }): Promise<StaticPhoneLoad>;
async function loadOnce(browser: Browser, url: string, options: { form: boolean } = { form: true }): Promise<PhoneLoad | StaticPhoneLoad> {
  const context = await browser.newContext({
    viewport: PHONE_PROFILE.viewport,
    deviceScaleFactor: PHONE_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const traffic = watchTraffic(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', PHONE_PROFILE.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (options.form) {
      await page.waitForFunction(() => (window as unknown as { __phoneProbe: PageProbe }).__phoneProbe.formReacts !== null, undefined, {
        polling: 250,
        timeout: 120_000,
      });
    }
    await traffic.quiet(1_000, 30_000);
    const probe = await page.evaluate(() => (window as unknown as { __phoneProbe: PageProbe }).__phoneProbe);
    if (probe.lcp === null) throw new Error(`No LCP measured on ${url}`);
    if (!options.form) return { lcpMs: Math.round(probe.lcp), bytes: traffic.bytes() };
    if (probe.formReacts === null) throw new Error(`No form reaction measured on ${url}`);
    return { lcpMs: Math.round(probe.lcp), formReactsMs: Math.round(probe.formReacts), bytes: traffic.bytes() };
  } finally {
    await context.close();
  }
}

/** Bytes on the wire for every finished request, and a wait for a quiet network. */
function watchTraffic(cdp: CDPSession): { bytes: () => number; quiet: (forMs: number, atMostMs: number) => Promise<void> } {
  let bytes = 0;
  const inflight = new Set<string>();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId }) => {
    inflight.add(requestId);
    lastChange = Date.now();
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    bytes += encodedDataLength;
    inflight.delete(requestId);
    lastChange = Date.now();
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    inflight.delete(requestId);
    lastChange = Date.now();
  });
  return {
    bytes: () => bytes,
    async quiet(forMs, atMostMs) {
      const until = Date.now() + atMostMs;
      while (Date.now() < until && (inflight.size > 0 || Date.now() - lastChange < forMs)) await new Promise((r) => setTimeout(r, 100));
    },
  };
}
