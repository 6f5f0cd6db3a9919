/**
 * What `npm run samples` renders, derived from the catalogue: every model's examples (a model's
 * default output shares its first example's render), every LoRA's card from its default prompt,
 * every image effect's preview from its example input and every video template's preview (a clip
 * and its first frame). Each job says which asset paths its result replaces, the model fields and
 * the example input images; text tools have no art to replace.
 */
import { imageEffects, loras, models, videoEffects, type ModelDefinition } from '~/catalogue';
import { assetKeyOf, previewClipKey } from '~/catalogue/assets/samples';
import { quote } from '~/server/services/generation/pricing';
import { validatedInput } from '~/server/services/generation/request';

export type SampleJob = {
  /** The first asset path the result replaces: the job's name in logs and its resume tag. */
  id: string;
  /** What the job renders, for people: 'model flux-schnell', 'LoRA flux-realism', ... */
  label: string;
  model: ModelDefinition;
  /** Still asset paths the result (or, for video, its first frame) replaces. */
  stills: string[];
  /** Video renders: the clip's asset key. */
  clip?: string;
  /** Model fields other than images (the model's defaults fill the rest). */
  fields: Record<string, unknown>;
  /** Catalogue asset paths of the example input images, in the order the model's image fields take them. */
  inputs: string[];
};

export type PlannedJob = (SampleJob & { credits: number; valid: true }) | (SampleJob & { credits: number; valid: false; problem: string });

/** A video-template model's example runs its default template, with that template's own example photos. */
function defaultTemplateInputs(model: ModelDefinition): string[] | undefined {
  const selector = model.ui.controls.find((c) => c.type === 'video_effect_selector');
  const template = selector && 'default' in selector ? videoEffects.find((e) => e.id === selector.default) : undefined;
  return template?.examples[0]?.inputImages.map(assetKeyOf);
}

function modelJobs(): SampleJob[] {
  return models.flatMap((model) => {
    if (model.ui.outputType === 'text') return [];
    return model.ui.examples.map((example, index) => {
      const still = assetKeyOf(example.output);
      const stills = index === 0 && model.ui.defaultOutput ? [still, assetKeyOf(model.ui.defaultOutput)] : [still];
      return {
        id: still,
        label: `model ${model.id}`,
        model,
        stills: [...new Set(stills)],
        clip: model.ui.outputType === 'video' ? previewClipKey(still) : undefined,
        fields: example.prompt ? { prompt: example.prompt } : {},
        inputs: defaultTemplateInputs(model) ?? (example.input ? [assetKeyOf(example.input)] : []),
      };
    });
  });
}

function requireModel(predicate: (model: ModelDefinition) => boolean, what: string): ModelDefinition {
  const model = models.find(predicate);
  if (!model) throw new Error(`The catalogue has no model for ${what}.`);
  return model;
}

function loraJobs(): SampleJob[] {
  const model = requireModel((m) => m.ui.controls.some((c) => c.type === 'lora_selector'), 'LoRAs');
  return loras.map((lora) => {
    const still = assetKeyOf(lora.image);
    return { id: still, label: `LoRA ${lora.id}`, model, stills: [still], fields: { prompt: lora.defaultPrompt, lora: lora.id }, inputs: [] };
  });
}

function imageEffectJobs(): SampleJob[] {
  const model = requireModel((m) => m.ui.controls.some((c) => c.type === 'image_effect_selector'), 'image effects');
  return imageEffects.map((effect) => {
    const example = effect.examples[0]!;
    const stills = [...new Set([assetKeyOf(effect.previewImage), assetKeyOf(example.output)])];
    return { id: stills[0]!, label: `image effect ${effect.id}`, model, stills, fields: { effect_template_id: effect.id }, inputs: [assetKeyOf(example.input)] };
  });
}

function videoTemplateJobs(): SampleJob[] {
  return videoEffects.map((effect) => {
    const model = requireModel((m) => m.id === effect.modelId, `video template ${effect.id}`);
    const still = assetKeyOf(effect.previewImage);
    const example = effect.examples[0]!;
    const stills = [...new Set([still, assetKeyOf(example.outputPreview)])];
    return { id: still, label: `video template ${effect.id}`, model, stills, clip: previewClipKey(still), fields: { effect_template_id: effect.id }, inputs: example.inputImages.map(assetKeyOf) };
  });
}

/** Every job, each asset path claimed by its first job only. */
export function sampleJobs(): SampleJob[] {
  const claimed = new Set<string>();
  const jobs: SampleJob[] = [];
  for (const job of [...modelJobs(), ...loraJobs(), ...imageEffectJobs(), ...videoTemplateJobs()]) {
    const stills = job.stills.filter((s) => !claimed.has(s));
    if (stills.length === 0) continue;
    stills.forEach((s) => claimed.add(s));
    jobs.push({ ...job, stills, id: stills[0]! });
  }
  return jobs;
}

/**
 * The generate request of a job: its fields, then the input image URLs in the model's image fields
 * in control order (a multi-image field takes the rest), a mask where the model needs one.
 */
export function sampleRequest(job: SampleJob, inputUrls: readonly string[], maskUrl: string | undefined): Record<string, unknown> {
  const request: Record<string, unknown> = { model_id: job.model.id, ...job.fields, is_public: true };
  let next = 0;
  for (const control of job.model.ui.controls) {
    if ((control.type === 'image_input' || control.type === 'start_end_image_input') && next < inputUrls.length) request[control.name] = inputUrls[next++];
    else if (control.type === 'multi_image_input' && next < inputUrls.length) {
      request[control.name] = inputUrls.slice(next);
      next = inputUrls.length;
    } else if (control.type === 'mask_input' && maskUrl) request[control.name] = maskUrl;
  }
  return request;
}

export function needsMask(job: SampleJob): boolean {
  return job.model.ui.controls.some((c) => c.type === 'mask_input');
}

/** Each job checked against its model's rules (as a submit would) and priced for a premium owner. */
export function planSampleJobs(jobs: readonly SampleJob[] = sampleJobs()): PlannedJob[] {
  return jobs.map((job) => {
    const placeholders = job.inputs.map((_, i) => `https://samples.invalid/input-${i}.png`);
    const request = sampleRequest(job, placeholders, needsMask(job) ? 'https://samples.invalid/mask.png' : undefined);
    try {
      const input = validatedInput(job.model, request);
      return { ...job, credits: quote(job.model, input, true).cost, valid: true as const };
    } catch (error) {
      return { ...job, credits: 0, valid: false as const, problem: error instanceof Error ? error.message : String(error) };
    }
  });
}
