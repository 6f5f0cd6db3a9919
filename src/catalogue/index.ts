/**
 * The model catalogue as data (design.md): models, apps, LoRAs, effect templates, presets and
 * everything derived from a definition (input schema, defaults, validation, cost, durations,
 * provider payload, public definition). Pure TypeScript: safe on the client and the server.
 */
export * from './constants';
export { MESSAGES, type CatalogueMessage } from './messages';
export {
  CONTROL_TYPES,
  LOCAL_OPERATIONS,
  type LocalOperation,
  controlSchema,
  creditsRuleSchema,
  modelDefinitionSchema,
  type AppType,
  type Choice,
  type Control,
  type ControlOf,
  type ControlType,
  type CreditsRule,
  type DependsOn,
  type Example,
  type GenerationInput,
  type ModeDefinition,
  type ModelDefinition,
  type ModelDefinitionInput,
  type PayloadContext,
  type PayloadFn,
  type Platform,
} from './schema';
export { formatIssuePath, parseModelDefinition } from './parse';
export { getModel, modelDefinitions, models, parseModelDefinitions } from './models';
export { appSchema, apps, getApp, homeAppOf, type AppDefinition } from './apps';
export * from './content';
export * from './derive';
export type { ModelShape, ModeShape } from './shape';
