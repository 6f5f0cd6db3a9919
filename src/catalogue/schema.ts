/**
 * The meta-schema of a model definition (core-flow §3, tool-catalogue §3).
 * Every definition in `models/` is parsed by `modelDefinitionSchema` when the catalogue loads.
 */
import { z } from 'zod';
import { ASPECT_RATIOS, type AspectRatio } from './constants';
import type { InputRule } from './derive/rules';

/** kebab-case slug; dots are allowed between alphanumerics for version numbers (`flux-1.1-pro`). */
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, 'must be a kebab-case slug');

/** A form field name (`image_url`, `num_outputs`, ...). */
const fieldNameSchema = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a snake_case field name');

/** A local asset path served from `public/` or an absolute URL. */
export const assetPathSchema = z
  .string()
  .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'must be a /path or an http(s) URL');

export const platformSchema = z.enum(['replicate', 'fal']);
export type Platform = z.infer<typeof platformSchema>;

export const appTypeSchema = z.enum(['image', 'video', 'text']);
export type AppType = z.infer<typeof appTypeSchema>;

const scalarSchema = z.union([z.string(), z.number(), z.boolean()]);

// ---------------------------------------------------------------------------------------------
// Credits
// ---------------------------------------------------------------------------------------------

const positiveInt = z.number().int().positive();

export const creditsRuleSchema = z.discriminatedUnion('type', [
  /** amount × num_outputs */
  z.object({ type: z.literal('perImage'), amount: positiveInt }).strict(),
  /** max(baseCost, amount × duration): see derive/credit-cost.ts */
  z.object({ type: z.literal('perSecond'), amount: positiveInt, baseCost: positiveInt }).strict(),
  z.object({ type: z.literal('flat'), amount: positiveInt }).strict(),
]);
export type CreditsRule = z.infer<typeof creditsRuleSchema>;

// ---------------------------------------------------------------------------------------------
// Controls (tool-catalogue §3: 19 types)
// ---------------------------------------------------------------------------------------------

export const dependsOnSchema = z.union([
  z.object({ field: fieldNameSchema, exists: z.boolean() }).strict(),
  z.object({ field: fieldNameSchema, equals: scalarSchema }).strict(),
]);
export type DependsOn = z.infer<typeof dependsOnSchema>;

export const choiceSchema = z
  .object({
    value: z.union([z.string(), z.number()]),
    label: z.string().min(1),
    description: z.string().optional(),
    image: assetPathSchema.optional(),
  })
  .strict();
export type Choice = z.infer<typeof choiceSchema>;

const controlBase = {
  /** The form field this control writes. */
  name: fieldNameSchema,
  label: z.string().min(1),
  description: z.string().optional(),
  /** Shows a required marker; the rule itself lives in the model's `api.validate` rules. */
  required: z.boolean().optional(),
  /** Rendered in the collapsed "advanced" section. */
  advanced: z.boolean().optional(),
  dependsOn: dependsOnSchema.optional(),
};

const choicesSchema = z.array(choiceSchema).min(1);

export const promptTemplateSchema = z
  .object({ id: slugSchema, label: z.string().min(1), prompt: z.string().min(1) })
  .strict();
export type PromptTemplate = z.infer<typeof promptTemplateSchema>;

const promptControl = z
  .object({
    ...controlBase,
    type: z.literal('prompt'),
    placeholder: z.string().optional(),
    showGenerator: z.boolean().optional(),
    showImageToPrompt: z.boolean().optional(),
    maxLength: positiveInt.optional(),
    default: z.string().optional(),
  })
  .strict();

const promptTemplateControl = z
  .object({
    ...controlBase,
    type: z.literal('prompt_template'),
    templates: z.array(promptTemplateSchema).min(1),
  })
  .strict();

const imageMimeSchema = z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

const imageInputControl = z
  .object({
    ...controlBase,
    type: z.literal('image_input'),
    placeholder: z.string().optional(),
    /** Accepted formats; when set the derived schema checks a URL's extension against them. */
    accept: z.array(imageMimeSchema).min(1).optional(),
    /**
     * 'one': the photo must show exactly one face (the provider's model needs a person's face).
     * The server counts the faces before anything is charged, and the form says the verdict as
     * soon as the photo is uploaded (derive/face-fields.ts).
     */
    faces: z.literal('one').optional(),
  })
  .strict();

const multiImageInputControl = z
  .object({
    ...controlBase,
    type: z.literal('multi_image_input'),
    minImages: z.number().int().min(0),
    maxImages: positiveInt,
  })
  .strict();

const startEndImageInputControl = z
  .object({
    ...controlBase,
    type: z.literal('start_end_image_input'),
    /** `name` is the start image field; this is the optional end frame field. */
    endName: fieldNameSchema,
    endLabel: z.string().min(1),
  })
  .strict();

const sliderControl = z
  .object({
    ...controlBase,
    type: z.literal('slider'),
    min: z.number(),
    max: z.number(),
    step: z.number().positive(),
    default: z.number(),
  })
  .strict();

const buttonGroupControl = z
  .object({
    ...controlBase,
    type: z.literal('button_group_selector'),
    choices: choicesSchema,
    default: z.union([z.string(), z.number()]).optional(),
  })
  .strict();

const aspectRatioControl = z
  .object({
    ...controlBase,
    type: z.literal('aspect_ratio_selector'),
    choices: z.array(z.enum(ASPECT_RATIOS)).min(1),
    default: z.enum(ASPECT_RATIOS),
  })
  .strict();

const numberSelectorControl = z
  .object({
    ...controlBase,
    type: z.literal('number_selector'),
    choices: z.array(z.number()).min(1),
    default: z.number(),
  })
  .strict();

const durationSelectorControl = z
  .object({
    ...controlBase,
    type: z.literal('duration_selector'),
    choices: z.array(positiveInt).min(1),
    default: positiveInt,
  })
  .strict();

const seedControl = z
  .object({ ...controlBase, type: z.literal('seed'), max: positiveInt.optional() })
  .strict();

const toggleControl = z
  .object({ ...controlBase, type: z.literal('toggle'), default: z.boolean() })
  .strict();

const loraSelectorControl = z
  .object({ ...controlBase, type: z.literal('lora_selector'), default: slugSchema.optional() })
  .strict();

const selectControl = z
  .object({
    ...controlBase,
    type: z.literal('select'),
    choices: choicesSchema,
    default: z.union([z.string(), z.number()]).optional(),
    searchable: z.boolean().optional(),
  })
  .strict();

const imageEffectSelectorControl = z
  .object({
    ...controlBase,
    type: z.literal('image_effect_selector'),
    default: slugSchema.optional(),
    /** Choosing an effect navigates to /image-effects/{id} (tool-catalogue §2). */
    navigate: z.boolean().optional(),
  })
  .strict();

const videoEffectSelectorControl = z
  .object({
    ...controlBase,
    type: z.literal('video_effect_selector'),
    default: slugSchema.optional(),
    /** Which templates this model can run (templates name their model). */
    modelId: slugSchema,
  })
  .strict();

const videoStyleSelectorControl = z
  .object({
    ...controlBase,
    type: z.literal('video_style_selector'),
    choices: choicesSchema,
    default: z.string(),
  })
  .strict();

const backgroundSelectorControl = z
  .object({
    ...controlBase,
    type: z.literal('background_selector'),
    choices: choicesSchema,
    default: z.string(),
  })
  .strict();

const maskInputControl = z
  .object({
    ...controlBase,
    type: z.literal('mask_input'),
    /** The image field the mask is painted over. */
    imageField: fieldNameSchema,
    brush: z.object({ min: positiveInt, max: positiveInt, default: positiveInt }).strict(),
  })
  .strict();

export const controlSchema = z.discriminatedUnion('type', [
  promptControl,
  promptTemplateControl,
  imageInputControl,
  multiImageInputControl,
  startEndImageInputControl,
  sliderControl,
  buttonGroupControl,
  aspectRatioControl,
  numberSelectorControl,
  durationSelectorControl,
  seedControl,
  toggleControl,
  loraSelectorControl,
  selectControl,
  imageEffectSelectorControl,
  videoEffectSelectorControl,
  videoStyleSelectorControl,
  backgroundSelectorControl,
  maskInputControl,
]);
export type Control = z.infer<typeof controlSchema>;
export type ControlType = Control['type'];
export type ControlOf<T extends ControlType> = Extract<Control, { type: T }>;

export const CONTROL_TYPES = [
  'prompt',
  'prompt_template',
  'image_input',
  'multi_image_input',
  'start_end_image_input',
  'slider',
  'button_group_selector',
  'aspect_ratio_selector',
  'number_selector',
  'duration_selector',
  'seed',
  'toggle',
  'lora_selector',
  'select',
  'image_effect_selector',
  'video_effect_selector',
  'video_style_selector',
  'background_selector',
  'mask_input',
] as const satisfies readonly ControlType[];

// ---------------------------------------------------------------------------------------------
// Model definition
// ---------------------------------------------------------------------------------------------

/** Form values as they reach the catalogue: untyped until the derived schema parses them. */
export type GenerationInput = Record<string, unknown>;

export const modeSchema = z
  .object({
    value: slugSchema,
    label: z.string().min(1),
    description: z.string().optional(),
    /** Provider model path of this mode. */
    path: z.string().min(1),
    credits: creditsRuleSchema,
    estimatedDuration: positiveInt,
  })
  .strict();
export type ModeDefinition = z.infer<typeof modeSchema>;

export interface PayloadContext {
  /** The resolved mode, when the model has modes. */
  mode: ModeDefinition | undefined;
  /** The provider path the request goes to. */
  target: string;
}
/** Maps form values (defaults merged in) to the provider's input fields. */
export type PayloadFn = (input: GenerationInput, ctx: PayloadContext) => Record<string, unknown>;

const ruleConditionSchema = z.object({ field: fieldNameSchema, in: z.array(z.union([z.string(), z.number()])).min(1) }).strict();
const ruleBase = { field: fieldNameSchema, when: ruleConditionSchema.optional() };
export const inputRuleSchema = z.discriminatedUnion('kind', [
  z.object({ ...ruleBase, kind: z.literal('text'), message: z.string().min(1) }).strict(),
  z.object({ ...ruleBase, kind: z.literal('value'), message: z.string().min(1) }).strict(),
  z.object({ ...ruleBase, kind: z.literal('oneOf'), values: z.array(z.union([z.string(), z.number()])).min(1), message: z.string().min(1) }).strict(),
  z
    .object({ ...ruleBase, kind: z.literal('count'), min: z.number().int().min(0), max: positiveInt, tooFew: z.string().min(1), tooMany: z.string().min(1) })
    .strict(),
  z.object({ ...ruleBase, kind: z.literal('range'), min: z.number(), max: z.number(), message: z.string().min(1) }).strict(),
]) satisfies z.ZodType<InputRule>;
/**
 * A text model's answer as plain text, from the provider's raw output (a string, streamed tokens,
 * a wrapper object...): task wrappers and labels removed. Undefined when it finds no text.
 */
export type TextOutputFn = (output: unknown, ctx: { mode: ModeDefinition | undefined }) => string | undefined;

const fn = <T>(what: string) =>
  z.custom<T>((v) => typeof v === 'function', { message: `${what} must be a function` });

export const exampleSchema = z
  .object({
    label: z.string().optional(),
    prompt: z.string().optional(),
    input: assetPathSchema.optional(),
    output: assetPathSchema,
  })
  .strict();
export type Example = z.infer<typeof exampleSchema>;

export const uiSchema = z
  .object({
    outputType: appTypeSchema,
    /** Sample output shown before the first generation. */
    defaultOutput: assetPathSchema.optional(),
    estimatedDuration: positiveInt,
    controls: z.array(controlSchema).min(1),
    examples: z.array(exampleSchema),
    sampleInputImage: assetPathSchema.optional(),
    /** Labels of the before/after comparison slider, e.g. ['Original', 'Text Removed']. */
    comparisonLabels: z.tuple([z.string(), z.string()]).optional(),
    /** Synchronous text tools: what the failure toast says (core-flow §8 prompt / caption failures). */
    syncFailureMessage: z.string().optional(),
  })
  .strict();

export const apiSchema = z
  .object({
    platform: platformSchema,
    /** Provider model path (owner/name on Replicate, app id on fal). */
    path: z.string().min(1),
    payload: fn<PayloadFn>('api.payload'),
    /** The model's input rules, in order (derive/rules.ts): data, so the browser runs them too. */
    validate: z.array(inputRuleSchema),
    /** Text models: turns the provider's raw output into the plain text that is stored. */
    textOutput: fn<TextOutputFn>('api.textOutput').optional(),
  })
  .strict();

/**
 * What the local engine (the embedded default, no provider key) does for a model: a labelled
 * preview, or a real classical operation where one exists. Defaults from the output type (define()).
 */
export const LOCAL_OPERATIONS = [
  'text-to-image',
  'edit',
  'upscale',
  'remove-background',
  'edges',
  'depth',
  'relight',
  'fill',
  'video',
  'caption',
  'image-to-prompt',
  'prompt-adapter',
] as const;
export type LocalOperation = (typeof LOCAL_OPERATIONS)[number];

export const modelDefinitionSchema = z
  .object({
    id: slugSchema,
    name: z.string().min(1),
    description: z.string().min(1),
    categories: z.array(z.string().min(1)).min(1),
    credits: creditsRuleSchema,
    modes: z.array(modeSchema).min(2).optional(),
    defaultMode: slugSchema.optional(),
    ui: uiSchema,
    api: apiSchema,
    defaultValues: z.record(z.string(), z.unknown()),
    waitTime: z.object({ free: z.number().int().min(0), premium: z.number().int().min(0).optional() }).strict(),
    timeLimitSeconds: positiveInt.optional(),
    /** Answered synchronously (captioning, image-to-prompt, prompt adapter); filled as false by define(). */
    sync: z.boolean().optional(),
    isNew: z.boolean().optional(),
    local: z.object({ operation: z.enum(LOCAL_OPERATIONS) }).strict().optional(),
  })
  .strict()
  .superRefine((def, ctx) => {
    if (def.ui.outputType === 'text' && !def.api.textOutput) {
      ctx.addIssue({ code: 'custom', path: ['api', 'textOutput'], message: 'text models declare how their output becomes plain text' });
    }
    const names = new Set<string>();
    def.ui.controls.forEach((c, i) => {
      if (c.type === 'slider' && !(c.min <= c.default && c.default <= c.max)) {
        ctx.addIssue({ code: 'custom', path: ['ui', 'controls', i, 'default'], message: 'outside min..max' });
      }
      if (
        (c.type === 'aspect_ratio_selector' || c.type === 'number_selector' || c.type === 'duration_selector') &&
        !(c.choices as readonly unknown[]).includes(c.default)
      ) {
        ctx.addIssue({ code: 'custom', path: ['ui', 'controls', i, 'default'], message: 'not among choices' });
      }
      if (
        (c.type === 'select' || c.type === 'button_group_selector' || c.type === 'video_style_selector' || c.type === 'background_selector') &&
        c.default !== undefined &&
        !c.choices.some((ch) => ch.value === c.default)
      ) {
        ctx.addIssue({ code: 'custom', path: ['ui', 'controls', i, 'default'], message: 'not among choices' });
      }
      // prompt and prompt_template may share the `prompt` field; nothing else may.
      if (names.has(c.name) && c.type !== 'prompt_template' && c.type !== 'prompt') {
        ctx.addIssue({ code: 'custom', path: ['ui', 'controls', i, 'name'], message: `duplicate field ${c.name}` });
      }
      names.add(c.name);
    });
    const fields = new Set(def.ui.controls.flatMap((c) => (c.type === 'start_end_image_input' ? [c.name, c.endName] : [c.name])));
    def.ui.controls.forEach((c, i) => {
      if (c.dependsOn && !fields.has(c.dependsOn.field)) {
        ctx.addIssue({ code: 'custom', path: ['ui', 'controls', i, 'dependsOn', 'field'], message: `unknown field ${c.dependsOn.field}` });
      }
    });
    if (def.modes) {
      const values = def.modes.map((m) => m.value);
      if (!def.defaultMode || !values.includes(def.defaultMode)) {
        ctx.addIssue({ code: 'custom', path: ['defaultMode'], message: 'must name one of modes' });
      }
      const modeControl = def.ui.controls.find((c) => c.name === 'mode');
      const choiceValues =
        modeControl && 'choices' in modeControl ? (modeControl.choices as readonly (Choice | string | number)[]).map((c) => (typeof c === 'object' ? c.value : c)) : [];
      if (!modeControl || values.some((v) => !choiceValues.includes(v))) {
        ctx.addIssue({ code: 'custom', path: ['ui', 'controls'], message: 'models with modes need a `mode` control offering every mode' });
      }
    } else if (def.defaultMode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['defaultMode'], message: 'set without modes' });
    }
  })
  .transform(define);

/**
 * Fills what a definition's own fields already say, so no model file states a fact twice: the
 * platform it runs on is its api's, its app type is what it outputs, it answers synchronously
 * only when it says so (the one place sync-ness is decided; everything else reads `model.sync`),
 * and what the local engine does for it is its own `local.operation` or else follows from its
 * output (the one place that default is decided; the engine reads `model.local.operation`).
 */
function define<
  T extends { api: { platform: Platform }; ui: { outputType: AppType; controls: readonly { type: string }[] }; sync?: boolean; local?: { operation: LocalOperation } },
>(definition: T): T & { platform: Platform; appType: AppType; sync: boolean; local: { operation: LocalOperation } } {
  return {
    ...definition,
    platform: definition.api.platform,
    appType: definition.ui.outputType,
    sync: definition.sync ?? false,
    local: definition.local ?? { operation: defaultLocalOperation(definition.ui) },
  };
}

/** A model that names no local operation: a labelled video, a caption, an edit of its input image, or a new image. */
function defaultLocalOperation(ui: { outputType: AppType; controls: readonly { type: string }[] }): LocalOperation {
  if (ui.outputType === 'video') return 'video';
  if (ui.outputType === 'text') return 'caption';
  return ui.controls.some((c) => c.type === 'image_input' || c.type === 'multi_image_input') ? 'edit' : 'text-to-image';
}


export type ModelDefinition = z.infer<typeof modelDefinitionSchema>;
export type UiDefinition = ModelDefinition['ui'];

/** Input accepted when authoring a definition (before parsing). */
export type ModelDefinitionInput = z.input<typeof modelDefinitionSchema>;

export type { AspectRatio };
