/**
 * The browser's one door to the catalogue. Pages receive public definitions (plain JSON, built on
 * the server by `publicModelDefinition`) as props or from the catalogue procedures; everything the
 * UI computes from them comes from here: the same derive functions the server runs, over the
 * shape both share (shape.ts). Nothing reachable from this file imports zod, a provider path, a
 * payload mapping or a content list; test/unit/catalogue/public-door.test.ts keeps it so.
 */
import type { PublicModelDefinition } from './derive/public-definition';
import { resolveMode } from './derive/mode';
import { firstBrokenRule, type ValidationResult } from './derive/rules';
import type { GenerationInput } from './schema';

export * from './constants';
export { categoryMessageKey } from './app-categories';
export { MESSAGES, type CatalogueMessage } from './messages';
export type {
  AppType,
  Choice,
  Control,
  ControlOf,
  ControlType,
  CreditsRule,
  DependsOn,
  Example,
  GenerationInput,
  Platform,
} from './schema';
export type { AppDefinition as PublicApp } from './apps';
export type { PublicMode, PublicModelDefinition } from './derive/public-definition';
export type { ModelShape, ModeShape } from './shape';
export type { ImageEffect, Lora, VideoEffect } from './content/types';
export type { InputRule, ValidationResult } from './derive/rules';
export { creditCostFor, outputCountFor } from './derive/credit-cost';
export { defaultsFor } from './derive/defaults';
export { estimatedDurationFor } from './derive/estimated-duration';
export { faceCheckedFields } from './derive/face-fields';
export { getMode, resolveMode } from './derive/mode';
export { imageInputOf, type ImageInputField } from './derive/input-images';
export { firstBrokenRule, hasValue } from './derive/rules';
export { controlProblem, fieldProblems } from './derive/field-problems';
export { promptMaxLength, promptTooLongMessage } from './derive/prompt-length';
export { loraTags, searchEffects, searchLoras } from './derive/search';
export { loraSelectionValues } from './derive/lora-selection';
export { loraPageSections, type LoraPageEntry, type LoraPageSections } from './derive/lora-page';
export { waitTimeFor } from './derive/wait-time';
export { BATCH_MAX_PROMPTS, BATCH_MAX_VARIATIONS, batchCostFor, batchItemInputs, batchPromptField, batchPromptLines } from './derive/batch';

/**
 * The browser's input check (core-flow §5 step 3): the model's own rules, with their exact
 * messages. The server runs the same rules and then its derived schema (validateForModel);
 * anything only the schema catches comes back from the server check (step 5).
 */
export function checkInput(model: PublicModelDefinition, input: GenerationInput): ValidationResult {
  const message = firstBrokenRule(model.rules, input, resolveMode(model, input)?.value);
  return message ? { ok: false, message } : { ok: true };
}

/** The curated random prompts, loaded when first asked for (a separate chunk, not first-load JS). */
export const loadRandomPrompts = (): Promise<readonly string[]> => import('./content/random-prompts').then((m) => m.randomPrompts);

export type PickerContent = typeof import('./content/browse');
/** LoRAs and effects for the pickers, loaded when a picker first renders (a separate chunk). */
export const loadPickerContent = (): Promise<PickerContent> => import('./content/browse');
