/**
 * A finished FLUX image as prediction.get answers it: the one shape the UI tests start from, each
 * test changing only what it is about (a status, an id, how it is shared).
 */
import type { Prediction } from '~/features/predictions/types';

export function predictionFixture(overrides: Partial<Prediction> = {}): Prediction {
  return {
    id: 'gen-1',
    status: 'succeeded',
    error: null,
    createdAt: new Date(0),
    completedAt: null,
    outputNum: 1,
    modelId: 'flux-schnell',
    modelName: 'FLUX.1 [schnell]',
    mode: null,
    appId: 'flux-schnell',
    cost: 1,
    isPublic: true,
    isOwner: true,
    queue: { dispatchAt: new Date(0), waitSeconds: 0, estimatedSeconds: 20 },
    progress: null,
    etaSeconds: null,
    queuePosition: null,
    display: { prompt: 'a fox', inputImages: [], outputType: 'image', outputText: null, outputMedia: [] },
    ...overrides,
  };
}
