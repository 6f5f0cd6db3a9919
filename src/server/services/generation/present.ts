/** A generation row as the client's Prediction (core-flow §3). */
import { z } from 'zod';
import { getModel, inputImagesOf } from '~/catalogue';
import type { Prisma } from '~/server/db/generated/client';
import { timeScale } from '~/server/config/time-scale';
import { deepFreeze } from '~/utils/deep-freeze';
import { reviewNoticeOf } from '~/utils/moderation';
import { etaSeconds } from './progress';
import { isRunning, PUBLIC_STATUSES, toPublicStatus } from './statuses';

export type StoredOutput = { key: string; url: string; contentType: string; thumbnailUrl?: string | null };

/**
 * The client's Prediction, as a schema: the procedures that answer with predictions declare it as
 * their output, and the type is read from it (so a field exists in both or in neither).
 */
export const predictionSchema = z.object({
  id: z.string(),
  status: z.enum(PUBLIC_STATUSES),
  error: z.string().nullable(),
  createdAt: z.date(),
  completedAt: z.date().nullable(),
  outputNum: z.number().int(),
  modelId: z.string(),
  /** The model's display name (the browser has no catalogue to look it up in). */
  modelName: z.string(),
  mode: z.string().nullable(),
  appId: z.string().nullable(),
  cost: z.number().int(),
  isPublic: z.boolean(),
  isOwner: z.boolean(),
  /** What moderation tells the owner: 'waiting' for review, or 'removed' by it; null otherwise, and for everyone else. */
  review: z.enum(['waiting', 'removed']).nullable(),
  /** When the job goes to the provider (free-tier queue) and how long it should then take. */
  queue: z.object({ dispatchAt: z.date(), waitSeconds: z.number(), estimatedSeconds: z.number() }),
  /** Fraction done (0–1) as the provider (or the local engine) reports it; 1 once succeeded; else null. */
  progress: z.number().nullable(),
  /** Seconds until the result (see etaSeconds in ./progress); null when unknown or over. */
  etaSeconds: z.number().nullable(),
  /** The job's place in its provider's queue (1 = next), when the provider says; else null. */
  queuePosition: z.number().nullable(),
  display: z.object({
    prompt: z.string().nullable(),
    inputImages: z.array(z.string()),
    outputType: z.string(),
    outputText: z.string().nullable(),
    /** key: our object's reference, so a result can go into the next tool without a re-upload. */
    outputMedia: z.array(z.object({ publicUrl: z.string(), thumbnailUrl: z.string().nullable(), contentType: z.string(), key: z.string() })),
  }),
});

export type Prediction = z.output<typeof predictionSchema>;

/**
 * The columns a prediction is made of. A list reads only these (and the marks it adds), not the
 * whole row: the provider's fields, the search text and the screening's findings stay in the database.
 * A field added to the prediction that needs another column fails to compile until it is added here.
 */
export const PREDICTION_COLUMNS = {
  id: true,
  userId: true,
  status: true,
  error: true,
  createdAt: true,
  completedAt: true,
  outputNum: true,
  modelId: true,
  mode: true,
  appId: true,
  cost: true,
  isPublic: true,
  dispatchAt: true,
  dispatchedAt: true,
  waitSeconds: true,
  estimatedSeconds: true,
  progress: true,
  queuePosition: true,
  expectedDoneAt: true,
  promptHidden: true,
  input: true,
  outputType: true,
  outputText: true,
  outputs: true,
  moderation: true,
} as const satisfies Prisma.GenerationSelect;

/** A row with the columns a prediction is made of (a whole Generation is one). */
export type PresentedRow = Prisma.GenerationGetPayload<{ select: typeof PREDICTION_COLUMNS }>;

export function storedOutputsOf(value: unknown): StoredOutput[] {
  return Array.isArray(value) ? (value as StoredOutput[]) : [];
}

/** Predictions of cached (frozen) rows, per kind of viewer (the newest one of each). */
const presented = new WeakMap<PresentedRow, { owner?: Prediction; other?: Prediction }>();

/**
 * A cached (frozen by the read cache) row gives a frozen prediction, the same object on every poll
 * while nothing in it changes, so its output check and serialisation can be reused (trpc/). Of a
 * frozen row only etaSeconds moves, with the clock, in whole seconds: a running row's prediction is
 * kept while its countdown shows the same second and made again when it moves on (the poll of a
 * running job, which every open page repeats, built, checked and serialised a new one each time).
 */
export function toPrediction(row: PresentedRow, viewerId: string | null, now: number = Date.now()): Prediction {
  if (!Object.isFrozen(row)) return buildPrediction(row, viewerId, now);
  let known = presented.get(row);
  if (!known) {
    known = {};
    presented.set(row, known);
  }
  const viewer = viewerId === row.userId ? 'owner' : 'other';
  const last = known[viewer];
  if (last && (!isRunning(row.status) || last.etaSeconds === etaSeconds(row, now, timeScale()))) return last;
  return (known[viewer] = deepFreeze(buildPrediction(row, viewerId, now)));
}

function buildPrediction(row: PresentedRow, viewerId: string | null, now: number): Prediction {
  const input = (row.input ?? {}) as Record<string, unknown>;
  const running = isRunning(row.status);
  return {
    id: row.id,
    status: toPublicStatus(row.status),
    error: row.error,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    outputNum: row.outputNum,
    modelId: row.modelId,
    modelName: getModel(row.modelId)?.name ?? row.modelId,
    mode: row.mode,
    appId: row.appId,
    cost: row.cost,
    isPublic: row.isPublic,
    isOwner: viewerId === row.userId,
    review: viewerId === row.userId ? reviewNoticeOf(row.moderation) : null,
    queue: { dispatchAt: row.dispatchAt, waitSeconds: row.waitSeconds, estimatedSeconds: row.estimatedSeconds },
    progress: row.status === 'succeeded' ? 1 : running ? row.progress : null,
    etaSeconds: etaSeconds(row, now, timeScale()),
    queuePosition: running ? row.queuePosition : null,
    display: {
      // The owner may hide the prompt from everyone else (share page, public reads).
      prompt: typeof input.prompt === 'string' && !(row.promptHidden && viewerId !== row.userId) ? input.prompt : null,
      inputImages: inputImagesOf(input),
      outputType: row.outputType,
      outputText: row.outputText,
      outputMedia: storedOutputsOf(row.outputs).map((o) => ({ publicUrl: o.url, thumbnailUrl: o.thumbnailUrl ?? null, contentType: o.contentType, key: o.key })),
    },
  };
}
