/** The home page's app cards: name, cover and the lowest default price, computed on the server. */
import { creditCostFor, defaultsFor, getModel, type AppDefinition, type ModelDefinition } from '~/catalogue';

export type AppCard = {
  id: string;
  name: string;
  description: string;
  category: string | null;
  cover: string | null;
  modelCount: number;
  /** So the card can say when none of them can run here (system.status lists the unavailable ones). */
  modelIds: string[];
  /** The lowest default price among the app's models. */
  lowestCost: number;
};

function appModels(app: AppDefinition): ModelDefinition[] {
  return app.modelIds.map((id) => getModel(id)).filter((m): m is ModelDefinition => !!m);
}

export function appCards(apps: readonly AppDefinition[]): AppCard[] {
  return apps.map((app) => {
    const model = getModel(app.defaultModelId);
    return {
      id: app.id,
      name: app.name,
      description: app.description,
      category: app.category ?? null,
      cover: model?.ui.defaultOutput ?? model?.ui.examples[0]?.output ?? null,
      modelCount: app.modelIds.length,
      modelIds: [...app.modelIds],
      lowestCost: Math.min(...appModels(app).map((m) => creditCostFor(m, defaultsFor(m)))),
    };
  });
}
