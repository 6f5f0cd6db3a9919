/**
 * Where a result can go next, derived on the server from the catalogue and sent to the browser as
 * plain data (generation.nextSteps): the named image shortcuts, every tool that takes an image
 * ('Use as input': models whose controls have an image input, see imageInputOf), FLUX for a text
 * used as a prompt, and each model's own app (for Remix). Each target carries its price: the
 * catalogue's credit cost of the target model's opening values (its defaults in the app's mode,
 * with the handed image or text), which is what the form shows when it opens.
 */
import { creditCostFor, defaultsFor, getApp, getModel, homeAppOf, imageInputOf, models, type AppDefinition, type ModelDefinition } from '~/catalogue';
import { IMAGE_SHORTCUTS, PROMPT_APP_ID, type ImageShortcut } from '~/utils/hand-over-query';

export type NextStepTarget = { appId: string; modelId: string; name: string; category: string | null; cost: number };

export type NextSteps = {
  shortcuts: Record<ImageShortcut, NextStepTarget>;
  imageTools: NextStepTarget[];
  prompt: NextStepTarget;
  /** The app each model opens in, for creations whose own app is unknown. */
  homeApps: Record<string, string>;
};

/** Stands in for the handed image when pricing: no cost rule reads an image's URL. */
const SAMPLE_IMAGE_URL = 'https://studio.invalid/handed-over.png';

function target(app: AppDefinition, model: ModelDefinition, handed: Record<string, unknown>): NextStepTarget {
  const mode = model.id === app.defaultModelId ? app.defaultMode : undefined;
  return { appId: app.id, modelId: model.id, name: model.name, category: app.category ?? null, cost: creditCostFor(model, { ...defaultsFor(model, mode), ...handed }) };
}

function withImage(model: ModelDefinition): Record<string, unknown> {
  const input = imageInputOf(model);
  return input ? { [input.field]: input.many ? [SAMPLE_IMAGE_URL] : SAMPLE_IMAGE_URL } : {};
}

function appDefault(appId: string): { app: AppDefinition; model: ModelDefinition } {
  const app = getApp(appId);
  const model = app ? getModel(app.defaultModelId) : undefined;
  if (!app || !model) throw new Error(`Next-step app ${appId} is not in the catalogue.`);
  return { app, model };
}

function build(): NextSteps {
  const shortcuts = Object.fromEntries(
    IMAGE_SHORTCUTS.map(({ action, appId }) => {
      const { app, model } = appDefault(appId);
      return [action, target(app, model, withImage(model))];
    }),
  ) as Record<ImageShortcut, NextStepTarget>;
  const imageTools = models.flatMap((model) => {
    const app = imageInputOf(model) ? homeAppOf(model.id) : undefined;
    return app ? [target(app, model, withImage(model))] : [];
  });
  const flux = appDefault(PROMPT_APP_ID);
  const homeApps = Object.fromEntries(models.flatMap((m) => (homeAppOf(m.id) ? [[m.id, homeAppOf(m.id)!.id]] : [])));
  // Every shortcut must land on a tool that takes the image (a catalogue change would show here).
  for (const [action, t] of Object.entries(shortcuts)) if (!imageInputOf(getModel(t.modelId)!)) throw new Error(`${action}: ${t.modelId} takes no image`);
  return { shortcuts, imageTools, prompt: target(flux.app, flux.model, { prompt: 'a prompt' }), homeApps };
}

let cached: NextSteps | undefined;

/** The catalogue is static: built once per process. */
export function nextStepsData(): NextSteps {
  cached ??= build();
  return cached;
}
