/**
 * A finished FLUX image as prediction.get answers it: the one shape the UI tests start from, each
 * test changing only what it is about (a status, an id, how it is shared). The test link checks
 * every answer against the procedure's output schema (output-schemas.ts), so these stay the
 * server's shapes.
 */
import { getModel } from '~/catalogue';
import type { Prediction } from '~/features/predictions/types';

export function predictionFixture(overrides: Partial<Prediction> = {}): Prediction {
  const modelId = overrides.modelId ?? 'flux-schnell';
  return {
    id: 'gen-1',
    status: 'succeeded',
    error: null,
    createdAt: new Date(0),
    completedAt: null,
    outputNum: 1,
    modelId,
    // As the server names it (present.ts): the catalogue's name of the model.
    modelName: getModel(modelId)?.name ?? modelId,
    mode: null,
    appId: 'flux-schnell',
    cost: 1,
    isPublic: true,
    isOwner: true,
    review: null,
    queue: { dispatchAt: new Date(0), waitSeconds: 0, estimatedSeconds: 20 },
    progress: null,
    etaSeconds: null,
    queuePosition: null,
    display: { prompt: 'a fox', inputImages: [], outputType: 'image', outputText: null, outputMedia: [] },
    ...overrides,
  };
}

/** The owner's marks that prediction.list adds to each creation (prediction.recent: promptHidden only). */
export type CreationMarks = { starred: boolean; promptHidden: boolean };

/** A creation as prediction.list and prediction.recent answer it: the prediction and the owner's marks. */
export function asCreation(prediction: Prediction, marks: Partial<CreationMarks> = {}): Prediction & CreationMarks {
  return { ...prediction, starred: marks.starred ?? false, promptHidden: marks.promptHidden ?? false };
}
