import { apps as allApps } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { appsOutput } from './apps.schema';

/** Every app, as the home page's grid shows it. */
export const apps = publicProcedure
  .meta({ scope: 'read' })
  .output(appsOutput)
  .query(() => allApps.map(({ id, name, description, modelIds, defaultModelId, category }) => ({ id, name, description, modelIds, defaultModelId, category })));
