/**
 * Sharing a creation: who may see its page (/c/{id}), and what the owner decides about it.
 *
 * A public, finished, not deleted creation has a page anyone may read. Anything else (private,
 * deleted, still running or failed, never existed) is, to everyone but the owner, the same "not
 * found": no caller can tell a private id from an unknown one. The owner still sees a private
 * creation, told that it is private.
 */
import { getModel, homeAppOf } from '~/catalogue';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { announceGenerationChange } from '~/server/services/generation/events';
import { ownerPublishes, ownerUnpublishes, settleScreening } from '~/server/services/moderation/publishing';
import { storedOutputsOf } from '~/server/services/generation/present';
import { handOverHref } from '~/utils/hand-over-query';
import { reviewNoticeOf, type ReviewNotice } from '~/utils/moderation';
import { mediaSizeOf, type MediaSize } from './media-size';

export type SharedMedia = { url: string; contentType: string; posterUrl: string | null } & MediaSize;

export type SharedCreation = {
  id: string;
  isOwner: boolean;
  isPublic: boolean;
  modelName: string;
  /** null when the owner hid it from others. */
  prompt: string | null;
  promptHidden: boolean;
  createdAt: Date;
  outputType: string;
  media: SharedMedia[];
  /** 'Create your own': the generator with the same settings (the Remix hand-over); null when no app offers the model. */
  remixHref: string | null;
};

/** The share page's creation for this viewer, or null: the one answer for private, deleted and unknown ids. */
export async function readSharedCreation(db: Db, id: string, viewerId: string | null): Promise<SharedCreation | null> {
  const row = await db.generation.findUnique({ where: { id } });
  if (!row || row.deletedAt || row.status !== 'succeeded') return null;
  const isOwner = viewerId !== null && row.userId === viewerId;
  if (!row.isPublic && !isOwner) return null;
  const outputs = storedOutputsOf(row.outputs);
  if (outputs.length === 0) return null;
  const input = (row.input ?? {}) as Record<string, unknown>;
  const prompt = typeof input.prompt === 'string' && input.prompt.trim() !== '' ? input.prompt : null;
  const appId = row.appId ?? homeAppOf(row.modelId)?.id ?? null;
  const media = await Promise.all(
    outputs.map(async (output) => ({
      url: output.url,
      contentType: output.contentType,
      posterUrl: output.thumbnailUrl ?? null,
      ...(await mediaSizeOf(output.key, output.contentType)),
    })),
  );
  return {
    id: row.id,
    isOwner,
    isPublic: row.isPublic,
    modelName: getModel(row.modelId)?.name ?? row.modelId,
    prompt: row.promptHidden && !isOwner ? null : prompt,
    promptHidden: row.promptHidden,
    createdAt: row.createdAt,
    outputType: row.outputType,
    media,
    remixHref: appId ? handOverHref({ appId, modelId: row.modelId, remix: row.id }) : null,
  };
}

export type SharingChange = { isPublic?: boolean | undefined; promptHidden?: boolean | undefined };
export type Sharing = { id: string; isPublic: boolean; promptHidden: boolean; review: ReviewNotice | null };

/**
 * The owner makes a creation public or private (private is premium, as at generation time) and
 * shows or hides its prompt. Turning it private closes its page and its files to everyone else at
 * once, on every instance (the change is announced, so no read cache keeps it). Making it public
 * goes through moderation (services/moderation/publishing.ts): screened first, refused when removed.
 */
export async function setSharing(db: Db, ownerId: string, id: string, change: SharingChange): Promise<Sharing> {
  if (change.isPublic === false) {
    const owner = await db.user.findUnique({ where: { id: ownerId }, select: { premium: true } });
    if (!owner?.premium) throw new AppError('premium_required');
  }
  const { sharing, screenClaim } = await db.$transaction(async (tx) => {
    const publish = change.isPublic === true ? await ownerPublishes(tx, ownerId, id) : null;
    const changed = await tx.generation.updateMany({
      where: { id, userId: ownerId, deletedAt: null },
      data: {
        ...(change.isPublic === false ? { isPublic: false } : {}),
        ...publish?.data,
        ...(change.promptHidden === undefined ? {} : { promptHidden: change.promptHidden }),
      },
    });
    if (changed.count === 0) throw new AppError('not_found', 'Generation not found.');
    if (change.isPublic === false) await ownerUnpublishes(tx, id);
    const row = await tx.generation.findUniqueOrThrow({ where: { id }, select: { id: true, isPublic: true, promptHidden: true, moderation: true } });
    if (change.isPublic !== undefined) {
      await tx.storedObject.updateMany({ where: { generationId: id }, data: { isPrivate: !row.isPublic } });
    }
    return { sharing: row, screenClaim: publish?.screenClaim ?? null };
  });
  await announceGenerationChange({ generationId: id });
  if (!screenClaim) return sharingOf(sharing);
  await settleScreening(db, id, screenClaim);
  return sharingOf(await db.generation.findUniqueOrThrow({ where: { id }, select: { id: true, isPublic: true, promptHidden: true, moderation: true } }));
}

function sharingOf(row: { id: string; isPublic: boolean; promptHidden: boolean; moderation: string | null }): Sharing {
  return { id: row.id, isPublic: row.isPublic, promptHidden: row.promptHidden, review: reviewNoticeOf(row.moderation) };
}
