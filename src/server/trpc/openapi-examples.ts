/**
 * An example for each operation of /api/v1, set on its request body (when it has one) and its
 * success answer: what a builder reads first. The catalogue's routes show the catalogue's own first
 * entries, as their procedures answer them. Keyed by operation id (the procedure's path with
 * dashes); openapi-document.ts fails loudly when an operation has none, so a new route cannot
 * ship without one.
 */
import type { OpenAPIObject } from 'trpc-to-openapi';
import { allLoraTags, getModel, imageEffects, loras, videoEffects } from '~/catalogue';
import { describeModel } from '~/server/routers/generation/models';
import { toLoraCard } from '~/server/routers/lora/present';

const GENERATION = {
  id: 'cmij2k0ab0001lsk8x2v9q7rd',
  status: 'succeeded',
  error: null,
  createdAt: '2026-11-28T09:30:00.000Z',
  completedAt: '2026-11-28T09:30:07.000Z',
  outputNum: 1,
  modelId: 'flux-schnell',
  modelName: 'FLUX Schnell',
  mode: null,
  appId: null,
  cost: 1,
  isPublic: true,
  isOwner: true,
  review: null,
  queue: { dispatchAt: '2026-11-28T09:30:00.000Z', waitSeconds: 0, estimatedSeconds: 5 },
  progress: 1,
  etaSeconds: null,
  queuePosition: null,
  display: {
    prompt: 'a lighthouse at dusk, oil painting',
    inputImages: [],
    outputType: 'image',
    outputText: null,
    outputMedia: [{ publicUrl: 'https://studio.example.com/api/storage/o/cmij2k0ab/0.webp', thumbnailUrl: null, contentType: 'image/webp', key: 'o/cmij2k0ab/0.webp' }],
  },
};

const REQUEST = { model_id: 'flux-schnell', prompt: 'a lighthouse at dusk, oil painting', image_size: '16:9' };

type Example = { request?: unknown; response: unknown };

const BATCH_ITEM_IDS = ['cmij2k0ab0001lsk8x2v9q7rd', 'cmij2k0ab0002lsk8x2v9q7re'];
const BATCH = {
  id: 'cmij2k0ab0000lsk8x2v9q7rc',
  modelId: 'flux-schnell',
  modelName: 'FLUX Schnell',
  prompts: 1,
  variations: 2,
  cost: 2,
  createdAt: '2026-11-28T09:30:00.000Z',
  canceledAt: null,
  itemCount: 2,
  done: 1,
  succeeded: 1,
  failed: 0,
  state: 'running',
  itemIds: BATCH_ITEM_IDS,
};

const EXAMPLES: Record<string, Example> = {
  'generation-submit': { request: REQUEST, response: { id: GENERATION.id, status: 'pending', outputNum: 1, user_credits: 99, text: null, prediction: { ...GENERATION, status: 'pending', completedAt: null, progress: null, display: { ...GENERATION.display, outputMedia: [] } } } },
  'prediction-get': { response: GENERATION },
  'generation-submitBatch': { request: { ...REQUEST, prompts: ['a lighthouse at dusk, oil painting'], variations: 2 }, response: { batch_id: BATCH.id, ids: BATCH_ITEM_IDS, user_credits: 98 } },
  'generation-batch': { response: { ...BATCH, items: [GENERATION, { ...GENERATION, id: BATCH_ITEM_IDS[1], status: 'processing', completedAt: null, progress: 0.4, display: { ...GENERATION.display, outputMedia: [] } }] } },
  'generation-batches': { response: { items: [BATCH] } },
  'generation-cancelBatch': { response: { ...BATCH, state: 'canceled', done: 2, failed: 1, canceledAt: '2026-11-28T09:30:04.000Z', items: [GENERATION, { ...GENERATION, id: BATCH_ITEM_IDS[1], status: 'failed', error: 'Generation canceled.', progress: null, display: { ...GENERATION.display, outputMedia: [] } }] } },
  'generation-cancel': { response: { id: GENERATION.id, status: 'failed', user_credits: 100 } },
  'prediction-list': { response: { items: [{ ...GENERATION, starred: false, promptHidden: false }], nextCursor: null } },
  'generation-models': { response: { items: [describeModel(getModel('flux-schnell')!)] } },
  'credits-estimate': { request: REQUEST, response: { credits: 1, waitSeconds: 0, estimatedSeconds: 5 } },
  'credits-balance': { response: { credits: 100 } },
  'credits-history': {
    response: { items: [{ id: 'cmij2k0ac0002', amount: -1, balanceAfter: 99, reason: 'generation_debit', note: 'FLUX Schnell', generationId: GENERATION.id, createdAt: '2026-11-28T09:30:00.000Z' }], nextCursor: null },
  },
  'upload-signedUrl': {
    request: { contentType: 'image/png', remoteName: '9b2c41e1.png', sourceSubfolder: 'uploads/2026-11-28', size: 48213 },
    response: { publicUrl: 'https://studio.example.com/api/storage/u/9b2c41e1.png', signedUrl: 'https://studio.example.com/api/storage/u/9b2c41e1.png?expires=1764322200&signature=3f1c…' },
  },
  'lora-list': { response: { items: loras.slice(0, 1).map(toLoraCard), tags: allLoraTags(loras).slice(0, 3) } },
  'effects-imageList': { response: imageEffects.slice(0, 1) },
  'effects-videoList': { response: videoEffects.slice(0, 1) },
};

type MediaHolder = { content?: Record<string, { example?: unknown }> };

function setExample(holder: MediaHolder | undefined, example: unknown): void {
  for (const media of Object.values(holder?.content ?? {})) media.example = example;
}

export function applyExamples(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const example = EXAMPLES[operation.operationId ?? ''];
      if (!example) throw new Error(`No example for ${method.toUpperCase()} ${path} (${operation.operationId ?? 'no operation id'}) in openapi-examples.ts`);
      if (example.request !== undefined) setExample(operation.requestBody as MediaHolder | undefined, example.request);
      setExample(operation.responses?.['200'] as MediaHolder | undefined, example.response);
    }
  }
}
