/**
 * What the engine plans around for each platform, as data, so the engine never tests a platform's
 * name: whether it calls back with signed webhooks, how often a running job may be asked, and
 * which platform runs the models whose own platform has no key here.
 */
import type { Platform } from './types';

export const PLATFORMS: readonly Platform[] = ['replicate', 'fal', 'local'];

export type PlatformTraits = {
  /** POSTs completion to a webhook URL we give it (when we can verify what it sends). */
  sendsWebhooks: boolean;
  /** Spec seconds between polls of one running job while no webhook is expected. */
  pollEverySeconds: number;
};

export const PLATFORM_TRAITS: Readonly<Record<Platform, PlatformTraits>> = {
  replicate: { sendsWebhooks: true, pollEverySeconds: 5 },
  fal: { sendsWebhooks: true, pollEverySeconds: 5 },
  // Local jobs are rows of our own database: cheap to ask.
  local: { sendsWebhooks: false, pollEverySeconds: 1 },
};

/** The local engine runs every model whose own platform is not configured (the embedded default). */
export const FALLBACK_PLATFORM: Platform = 'local';
