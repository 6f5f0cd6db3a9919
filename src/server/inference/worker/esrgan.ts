/**
 * ESRGAN-slim (`@upscalerjs/esrgan-slim`, MIT): one small RDN super-resolution model per scale,
 * its weights read from the package's own files. A job keeps its image and its output here while
 * the server sends its tiles one by one, so other requests can go between them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESRGAN_TILE_MARGIN, esrganTileCore, type EsrganScale, type RgbImage } from '../protocol';
import { cropPixels, pastePixels, planTiles, type Tile } from '../tiles';
import { ModelUnavailableError, packageRoot, tensorflowReady, tf } from './backend';

const models = new Map<EsrganScale, Promise<tf.LayersModel>>();

async function loadModel(scale: EsrganScale): Promise<tf.LayersModel> {
  await tensorflowReady();
  const dir = path.join(packageRoot('@upscalerjs/esrgan-slim'), 'models', `x${scale}`);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'model.json'), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  };
  const group = manifest.weightsManifest[0];
  if (!group || group.paths.length !== 1) throw new Error(`Unexpected weights layout in ${dir}`);
  const weights = readFileSync(path.join(dir, group.paths[0]!));
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer;
  return tf.loadLayersModel(tf.io.fromMemory({ modelTopology: manifest.modelTopology, weightSpecs: group.weights, weightData }));
}

export function esrganModel(scale: EsrganScale): Promise<tf.LayersModel> {
  let model = models.get(scale);
  if (!model) {
    model = loadModel(scale).catch((error: unknown) => {
      // A failed load is tried again by the next job rather than remembered.
      models.delete(scale);
      throw new ModelUnavailableError(`ESRGAN-slim ×${scale}`, error);
    });
    models.set(scale, model);
  }
  return model;
}

type Job = { scale: EsrganScale; image: RgbImage; tiles: Tile[]; output: Uint8Array };
const jobs = new Map<string, Job>();

export function beginUpscale(id: string, scale: EsrganScale, image: RgbImage): number {
  const tiles = planTiles(image.width, image.height, esrganTileCore(scale), ESRGAN_TILE_MARGIN);
  jobs.set(id, { scale, image, tiles, output: new Uint8Array(image.width * scale * image.height * scale * 3) });
  return tiles.length;
}

function jobOf(id: string): Job {
  const job = jobs.get(id);
  if (!job) throw new Error(`No upscale job ${id} in this worker.`);
  return job;
}

/** Runs the model on one tile (its core and margin) and keeps the core's output. */
export async function upscaleTile(id: string, index: number): Promise<void> {
  const job = jobOf(id);
  const tile = job.tiles[index];
  if (!tile) throw new Error(`Tile ${index} is outside job ${id}.`);
  const model = await esrganModel(job.scale);
  const { padded, core } = tile;
  const input = cropPixels(job.image.pixels, job.image.width, 3, padded);
  const result = tf.tidy(() => {
    // The model reads and writes 0–255 RGB floats.
    const batch = tf.tensor4d(Float32Array.from(input), [1, padded.height, padded.width, 3]);
    return model.predict(batch) as tf.Tensor4D;
  });
  let values: Float32Array;
  try {
    values = (await result.data()) as Float32Array;
  } finally {
    result.dispose();
  }
  // Uint8ClampedArray rounds and clamps each value to 0–255 as it converts.
  const pixels = new Uint8Array(new Uint8ClampedArray(values).buffer);
  const s = job.scale;
  const inTile = { x: (core.x - padded.x) * s, y: (core.y - padded.y) * s, width: core.width * s, height: core.height * s };
  pastePixels(job.output, job.image.width * s, pixels, padded.width * s, 3, inTile, core.x * s, core.y * s);
}

export function endUpscale(id: string): RgbImage {
  const job = jobOf(id);
  jobs.delete(id);
  return { width: job.image.width * job.scale, height: job.image.height * job.scale, pixels: job.output };
}

export function dropUpscale(id: string): void {
  jobs.delete(id);
}
