import { getApp, getModel, publicModelDefinition } from '~/catalogue';
import { AppError } from '~/server/errors';
import { publicProcedure } from '~/server/trpc/procedures';
import { appModelsInput, appModelsOutput } from './app-models.schema';

/** An app and the public definitions of its models. */
export const appModels = publicProcedure
  .meta({ scope: 'read' })
  .input(appModelsInput)
  .output(appModelsOutput)
  .query(({ input }) => {
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
