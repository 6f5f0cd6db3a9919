/**
 * What each page receives from the server: the active locale's messages (only that locale ships)
 * and the public catalogue it renders (public definitions, never the catalogue code). Page data
 * functions call these; Next keeps them and everything they import out of the browser bundle.
 */
import {
  apps,
  getApp,
  getImageEffect,
  getLora,
  getModel,
  imageEffects,
  loraSelectionValues,
  loras,
  models,
  publicModelDefinition,
  type AppDefinition,
  type ImageEffect,
  type Lora,
  type PublicModelDefinition,
} from '~/catalogue';
import { messagesFor, type Messages } from '~/messages';
import { sessionUserFromRequest } from '~/server/auth/session-user';
import { getDb } from '~/server/db/client';
import { systemStatus, type SystemStatus } from '~/server/services/system-status';
import { appCards, type AppCard } from './app-cards';

export type WithMessages = { messages: Messages };

/** The locale's messages without the console's, which only its own pages carry (pages/console-page.ts). */
export function messagesProps(locale: string | undefined): WithMessages {
  const { admin: _console, ...studio } = messagesFor(locale);
  return { messages: studio as Messages };
}

/**
 * What a page rendered per request already knows and the browser would otherwise ask right after
 * it hydrates: whether the visitor is signed in (features/auth/session-status.tsx) and the
 * deployment's status (features/maintenance/useSystemStatus.ts). The page renders its header, form
 * and any maintenance notice for that visitor from the first paint, and nothing is fetched (a
 * request, and a re-render of the page, while a phone is still busy with the page's scripts).
 * Static pages leave both out and the browser asks once.
 */
export async function viewerProps(req: Parameters<typeof sessionUserFromRequest>[0]): Promise<{ signedIn: boolean; systemStatus: SystemStatus }> {
  const [viewer, status] = await Promise.all([sessionUserFromRequest(req), getDb().catch(() => null).then(systemStatus)]);
  return { signedIn: viewer !== null, systemStatus: status };
}

/** An app and its models as the generator panel renders them. */
export type GeneratorData = { app: AppDefinition | null; models: PublicModelDefinition[] };

export function generatorData(appId: string): GeneratorData {
  const app = getApp(appId) ?? null;
  const appModels = (app?.modelIds ?? []).flatMap((id) => {
    const model = getModel(id);
    return model ? [publicModelDefinition(model)] : [];
  });
  return { app, models: appModels };
}

export function homeData(): { cards: AppCard[] } {
  return { cards: appCards(apps) };
}

/** The catalogue model that runs image effects: the one with an `image_effect_selector` control. */
const IMAGE_EFFECT_MODEL_ID = models.find((m) => m.ui.controls.some((c) => c.type === 'image_effect_selector'))?.id ?? '';
/** The app that runs image effects: the one whose default is the effect model, else the first that has it. */
const EFFECT_APP_ID =
  (apps.find((a) => a.defaultModelId === IMAGE_EFFECT_MODEL_ID) ?? apps.find((a) => a.modelIds.includes(IMAGE_EFFECT_MODEL_ID)))?.id ?? '';

export type EffectPageData = GeneratorData & { effect: ImageEffect | null; effects: ImageEffect[]; modelId: string };

export function effectPageData(effectId: string): EffectPageData {
  return { ...generatorData(EFFECT_APP_ID), effect: getImageEffect(effectId) ?? null, effects: [...imageEffects], modelId: IMAGE_EFFECT_MODEL_ID };
}

export type LoraPageData = { lora: Lora | null; others: Lora[] };

export function loraPageData(loraId: string): LoraPageData {
  const lora = getLora(loraId) ?? null;
  return { lora, others: lora ? loras.filter((l) => l.id !== lora.id).slice(0, 8) : [] };
}

/**
 * ?lora={id} preselects a known LoRA (core-flow §2 create link) the way the picker does: with its
 * recommended weight and default prompt, on the app's model that has a LoRA selector. An unknown
 * id is ignored.
 */
export function loraPreset(loraId: unknown, appModels: readonly PublicModelDefinition[]): Record<string, unknown> | null {
  const lora = typeof loraId === 'string' ? getLora(loraId) : undefined;
  const model = appModels.find((m) => m.ui.controls.some((c) => c.type === 'lora_selector'));
  return lora && model ? loraSelectionValues(model.ui.controls, lora, {}) : null;
}

/** /creations: every model a creation may come from, for its model filter. */
export function creationsPageData(): { models: { id: string; name: string; outputType: string }[] } {
  return { models: models.map((m) => ({ id: m.id, name: m.name, outputType: m.ui.outputType })) };
}
