/**
 * What a full model definition (server) and its public definition (browser) share: enough to
 * default, price, time, wait for and check an input. The derive functions that both sides call
 * take this shape, so each rule is written once and runs identically in both places.
 * Types only: safe to import anywhere.
 */
import type { AppType, Control, CreditsRule } from './schema';

export interface ModeShape {
  value: string;
  label: string;
  description?: string;
  credits: CreditsRule;
  estimatedDuration: number;
}

export interface ModelShape {
  id: string;
  credits: CreditsRule;
  modes?: readonly ModeShape[];
  defaultMode?: string;
  ui: { outputType: AppType; estimatedDuration: number; controls: readonly Control[] };
  waitTime: { free: number; premium?: number };
  defaultValues: Record<string, unknown>;
}
