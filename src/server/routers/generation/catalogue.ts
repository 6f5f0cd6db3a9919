/** Catalogue queries: the apps, an app's models and a model's public definition (no provider details). */
import { z } from 'zod';
import { apps, getApp, getModel, inputText, publicModelDefinition, randomPrompts } from '~/catalogue';
import { AppError } from '~/server/errors';
import { nextStepsData } from '~/server/pages/next-steps';
import { publicProcedure } from '~/server/trpc/procedures';

const idInput = z.object({ id: inputText.min(1).max(100) });

export const appList = publicProcedure.query(() =>
  apps.map(({ id, name, description, modelIds, defaultModelId, category }) => ({ id, name, description, modelIds, defaultModelId, category })),
);

export const appModels = publicProcedure.input(idInput).query(({ input }) => {
  const app = getApp(input.id);
  if (!app) throw new AppError('not_found', 'Error: App configuration not found.');
  return {
    app: { id: app.id, name: app.name, description: app.description, defaultModelId: app.defaultModelId },
    models: app.modelIds.flatMap((id) => {
      const model = getModel(id);
      return model ? [publicModelDefinition(model)] : [];
    }),
  };
});

export const model = publicProcedure.input(idInput).query(({ input }) => {
  const found = getModel(input.id);
  if (!found) throw new AppError('invalid_model');
  return publicModelDefinition(found);
});

/** One of the curated prompts, for the prompt control's generator button. */
export const randomPrompt = publicProcedure.query(() => ({
  content: randomPrompts[Math.floor(Math.random() * randomPrompts.length)] ?? '',
}));

/** Where a result can go next (image tools, FLUX for a prompt, each model's app), with prices. */
export const nextSteps = publicProcedure.query(() => nextStepsData());
