/**
 * Resolving a hand-over link (src/utils/hand-over-query.ts) for the page that opens: the creation
 * to remix, the stored image to put in the model's image field, the prompt text. Each is resolved
 * with the viewer's rights, as the rest of the studio reads them: another user's private object or
 * creation is not handed over (the page says it is unavailable), so links never leak anything.
 */
import { getModel, homeAppOf, imageInputOf, isStorableText, REQUEST_ENVELOPE_FIELDS, type AppDefinition, type ModelDefinition } from '~/catalogue';
import type { Db } from '~/server/db/client';
import { objectUrl } from '~/server/services/storage';
import { mayReadObject } from '~/server/services/storage/access';
import { isValidKey } from '~/server/services/storage/keys';
import { HAND_OVER_PARAMS, HANDED_PROMPT_MAX_LENGTH, type HandOverParam } from '~/utils/hand-over-query';

export type HandOverQuery = Partial<Record<'model' | HandOverParam, string | string[] | undefined>>;

export type HandOver = {
  /** The model to open (a remixed creation's), when the app offers it; null for the usual choice. */
  modelId: string | null;
  /** Form values the model's form starts from. */
  values: Record<string, unknown>;
  /** What the link asked for but the viewer may not have (private, deleted or unknown). */
  unavailable: HandOverParam[];
  /** A creation remixed in an app that no longer offers its model: the app to reopen it in. */
  moveTo: string | null;
};


function single(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
}

function modelOfApp(app: AppDefinition, id: string | undefined): ModelDefinition | undefined {
  return id && app.modelIds.includes(id) ? getModel(id) : undefined;
}

/** A creation's stored input as form settings, when the viewer may see it (theirs, or public). */
async function remixValues(db: Db, viewerId: string | null, id: string): Promise<{ modelId: string; values: Record<string, unknown> } | null> {
  // Not an id we could have made (too long, or text PostgreSQL refuses: a NUL answered the page 500).
  if (id.length > 64 || !isStorableText(id)) return null;
  const row = await db.generation.findFirst({
    where: { id, deletedAt: null, OR: [{ isPublic: true }, ...(viewerId ? [{ userId: viewerId }] : [])] },
    select: { modelId: true, input: true, userId: true, promptHidden: true },
  });
  if (!row || !row.input || typeof row.input !== 'object' || Array.isArray(row.input)) return null;
  const values = { ...(row.input as Record<string, unknown>) };
  // The request's envelope is not a form setting.
  for (const field of REQUEST_ENVELOPE_FIELDS) delete values[field];
  // A prompt its owner hid is not handed to anyone else either.
  if (row.promptHidden && row.userId !== viewerId) delete values.prompt;
  return { modelId: row.modelId, values };
}

/** The URL the viewer reads one of our stored images at, or null when they may not use it. */
async function storedImageUrl(db: Db, viewerId: string | null, key: string): Promise<string | null> {
  if (!isValidKey(key)) return null;
  const row = await db.storedObject.findUnique({ where: { key }, select: { ownerId: true, isPrivate: true, contentType: true } });
  if (!row || !row.contentType.startsWith('image/')) return null;
  if (!mayReadObject(row, viewerId)) return null;
  return objectUrl(key, row.isPrivate);
}

export async function resolveHandOver(db: Db, viewerId: string | null, app: AppDefinition, query: HandOverQuery): Promise<HandOver> {
  const handOver: HandOver = { modelId: null, values: {}, unavailable: [], moveTo: null };
  let model = modelOfApp(app, single(query.model)) ?? getModel(app.defaultModelId);

  const remix = single(query.remix);
  if (remix) {
    const found = await remixValues(db, viewerId, remix);
    const remixed = found ? modelOfApp(app, found.modelId) : undefined;
    if (found && remixed) {
      model = remixed;
      handOver.modelId = remixed.id;
      handOver.values = found.values;
    } else if (found && homeAppOf(found.modelId)) {
      handOver.moveTo = homeAppOf(found.modelId)!.id;
      return handOver;
    } else {
      handOver.unavailable.push('remix');
    }
  }

  const input = single(query.input);
  if (input) {
    const url = await storedImageUrl(db, viewerId, input);
    const target = model ? imageInputOf(model) : null;
    if (url && target) handOver.values[target.field] = target.many ? [url] : url;
    else handOver.unavailable.push('input');
  }

  const prompt = single(query.prompt);
  if (prompt) {
    const control = model?.ui.controls.find((c) => c.type === 'prompt' && c.name === 'prompt');
    if (control?.type === 'prompt') handOver.values.prompt = prompt.slice(0, control.maxLength ?? HANDED_PROMPT_MAX_LENGTH);
    else handOver.unavailable.push('prompt');
  }
  return handOver;
}

/** Whether a link hands anything over (when not, a page does no database work for it). */
export function asksForHandOver(query: HandOverQuery): boolean {
  return HAND_OVER_PARAMS.some((param) => single(query[param]) !== undefined);
}
