/**
 * Classifying an image as nsfwjs does (MIT code and weights), with its MobileNetV2 model: the
 * weights ship inside the package as base64 JavaScript, read from node_modules (nothing is
 * downloaded). Five classes: Drawing, Hentai, Neutral, Porn, Sexy; the shares add up to 1.
 *
 * The model is given to nsfwjs through its `modelDefinitions` option with loaders that require the
 * package's two model files as they are: the package's own loaders spread the 3.5 million
 * characters of the weights' string into an object one key per character, which takes 8–10 s here
 * against half a second for the whole load this way.
 */
import path from 'node:path';
import { load, type ModelDefinition, type NSFWJS } from 'nsfwjs/core';
import type { NsfwScores, RgbImage } from '../protocol';
import { ModelUnavailableError, packageRoot, tensorflowReady, tf } from './backend';

const MODEL_FOLDER = 'dist/models/mobilenet_v2';

function mobileNetV2(): ModelDefinition {
  const folder = path.join(packageRoot('nsfwjs'), MODEL_FOLDER);
  // The files are UMD modules whose export is the model's JSON and the weights' base64 text.
  const file = (name: string) => require(path.join(folder, name)) as never;
  return {
    name: 'MobileNetV2',
    numOfWeightBundles: 1,
    modelJson: async () => ({ default: file('model.min.js') }),
    weightBundles: [async () => ({ default: file('group1-shard1of1.min.js') })],
  };
}

let model: Promise<NSFWJS> | undefined;

function modelReady(): Promise<NSFWJS> {
  model ??= (async () => {
    await tensorflowReady();
    return load('MobileNetV2', { modelDefinitions: [mobileNetV2()] });
  })().catch((error: unknown) => {
    model = undefined;
    throw new ModelUnavailableError('The image classifier', error);
  });
  return model;
}

const CLASS_KEYS = { Drawing: 'drawing', Hentai: 'hentai', Neutral: 'neutral', Porn: 'porn', Sexy: 'sexy' } as const;

export async function classifyNsfw(image: RgbImage): Promise<NsfwScores> {
  const classifier = await modelReady();
  const input = tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
  try {
    const predictions = await classifier.classify(input, Object.keys(CLASS_KEYS).length);
    const scores: NsfwScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
    for (const { className, probability } of predictions) scores[CLASS_KEYS[className]] = Math.round(probability * 10_000) / 10_000;
    return scores;
  } finally {
    input.dispose();
  }
}
