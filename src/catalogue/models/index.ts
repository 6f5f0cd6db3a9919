/** Every model and tool of both specs, parsed against the meta-schema when the catalogue loads. */
import { parseModelDefinition } from '../parse';
import type { ModelDefinition } from '../schema';
import type { Definition } from './common';
import { fluxReduxModels } from './flux-redux';
import { fluxTextToImageModels } from './flux-text-to-image';
import { fluxKontext } from './kontext';
import { kontextToolModels } from './kontext-tools';
import { fluxLora } from './lora';
import { portraitModels } from './portrait';
import { scenarioEditModels } from './scenario-edits';
import { structuralModels } from './structural';
import { textToolModels } from './text-tools';
import { imageToolModels } from './tools-image';
import { klingModels } from './video-kling';
import { pixverseModels } from './video-pixverse';

export const modelDefinitions: readonly Definition[] = [
  ...fluxTextToImageModels,
  ...fluxReduxModels,
  fluxKontext,
  ...scenarioEditModels,
  ...kontextToolModels,
  fluxLora,
  ...portraitModels,
  ...structuralModels,
  ...imageToolModels,
  ...textToolModels,
  ...klingModels,
  ...pixverseModels,
];

/** Parses every definition; throws naming the model id and field of the first invalid one. */
export function parseModelDefinitions(definitions: readonly unknown[]): ModelDefinition[] {
  const seen = new Set<string>();
  return definitions.map((definition) => {
    const model = parseModelDefinition(definition);
    if (seen.has(model.id)) throw new Error(`Duplicate model id "${model.id}"`);
    seen.add(model.id);
    return model;
  });
}

export const models: readonly ModelDefinition[] = Object.freeze(parseModelDefinitions(modelDefinitions));

const byId = new Map(models.map((m) => [m.id, m]));

export function getModel(id: string): ModelDefinition | undefined {
  return byId.get(id);
}
