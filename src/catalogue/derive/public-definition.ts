import type { AppType, Control, CreditsRule, Example, ModelDefinition, Platform } from '../schema';
import type { InputRule } from './rules';
import { defaultsFor } from './defaults';
import { timeLimitFor } from './time-limit';

export interface PublicMode {
  value: string;
  label: string;
  description?: string;
  credits: CreditsRule;
  estimatedDuration: number;
}

/** What the UI needs to render a model's form, price it and show its examples: plain JSON. */
export interface PublicModelDefinition {
  id: string;
  name: string;
  description: string;
  platform: Platform;
  appType: AppType;
  categories: string[];
  credits: CreditsRule;
  modes?: PublicMode[];
  defaultMode?: string;
  ui: {
    outputType: AppType;
    defaultOutput?: string;
    estimatedDuration: number;
    controls: Control[];
    examples: Example[];
    sampleInputImage?: string;
    comparisonLabels?: [string, string];
    syncFailureMessage?: string;
  };
  defaultValues: Record<string, unknown>;
  /** The model's input rules (derive/rules.ts), run in the browser exactly as on the server. */
  rules: InputRule[];
  waitTime: { free: number; premium?: number };
  timeLimitSeconds: number;
  sync: boolean;
  isNew: boolean;
}

/** JSON-serialisable subset of a definition: no functions, no provider paths or payloads. */
export function publicModelDefinition(model: ModelDefinition): PublicModelDefinition {
  const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  return {
    id: model.id,
    name: model.name,
    description: model.description,
    platform: model.platform,
    appType: model.appType,
    categories: [...model.categories],
    credits: { ...model.credits },
    ...(model.modes
      ? {
          modes: model.modes.map(({ value, label, description, credits, estimatedDuration }) => ({
            value,
            label,
            ...(description ? { description } : {}),
            credits: { ...credits },
            estimatedDuration,
          })),
          ...(model.defaultMode ? { defaultMode: model.defaultMode } : {}),
        }
      : {}),
    ui: clone({
      outputType: model.ui.outputType,
      ...(model.ui.defaultOutput ? { defaultOutput: model.ui.defaultOutput } : {}),
      estimatedDuration: model.ui.estimatedDuration,
      controls: model.ui.controls,
      examples: model.ui.examples,
      ...(model.ui.sampleInputImage ? { sampleInputImage: model.ui.sampleInputImage } : {}),
      ...(model.ui.comparisonLabels ? { comparisonLabels: model.ui.comparisonLabels } : {}),
      ...(model.ui.syncFailureMessage ? { syncFailureMessage: model.ui.syncFailureMessage } : {}),
    }),
    defaultValues: clone(defaultsFor(model)),
    rules: clone(model.api.validate),
    waitTime: { ...model.waitTime },
    timeLimitSeconds: timeLimitFor(model),
    sync: model.sync,
    isNew: model.isNew ?? false,
  };
}
