/**
 * The messages between the server and its inference worker thread. The server sends one request
 * at a time and waits for its answer, so it decides the order: a face check can go between two
 * tiles of an upscale. Pixels travel as transferred buffers (moved, not copied).
 */

/** The ESRGAN-slim weights in the package, one model per scale. */
export const ESRGAN_SCALES = [2, 3, 4, 8] as const;
export type EsrganScale = (typeof ESRGAN_SCALES)[number];

/** Interleaved 8-bit RGB pixels. */
export type RgbImage = { width: number; height: number; pixels: Uint8Array };

export type WorkerRequest =
  | { type: 'faces'; id: number; image: RgbImage }
  | { type: 'nsfw'; id: number; image: RgbImage }
  /** The worker keeps the image and an output buffer for the job until `upscale-end`. */
  | { type: 'upscale-begin'; id: number; job: string; scale: EsrganScale; image: RgbImage }
  | { type: 'upscale-tile'; id: number; job: string; index: number }
  | { type: 'upscale-end'; id: number; job: string }
  | { type: 'upscale-drop'; id: number; job: string }
  /** Tests only: the thread exits at once, as a crash would. */
  | { type: 'crash'; id: number };

export type FaceDetection = { faces: number; scores: number[] };

/** nsfwjs's five classes, each image's shares (0–1, adding up to 1). */
export type NsfwScores = { drawing: number; hentai: number; neutral: number; porn: number; sexy: number };

export type WorkerAnswers = {
  faces: FaceDetection;
  nsfw: NsfwScores;
  'upscale-begin': { tiles: number };
  'upscale-tile': Record<string, never>;
  'upscale-end': RgbImage;
  'upscale-drop': Record<string, never>;
  crash: never;
};

/** The worker's own memory after a request: its V8 heap and the memory outside it (WebAssembly, buffers). */
export type WorkerMemory = { heapBytes: number; externalBytes: number };

/** `unavailable`: a model could not be loaded (the caller may fall back); `failed`: this request failed. */
export type WorkerFailureKind = 'unavailable' | 'failed';

export type WorkerResponse =
  | { type: 'ready' }
  | { type: 'answer'; id: number; ok: true; value: unknown; memory: WorkerMemory }
  | { type: 'answer'; id: number; ok: false; kind: WorkerFailureKind; message: string; memory: WorkerMemory };

/** Where a tile's margin must reach: ESRGAN-slim's 3×3 and 5×5 convolutions see 10 input pixels around each pixel. */
export const ESRGAN_TILE_MARGIN = 10;

/**
 * A tile's output side, per scale. The model enlarges 3 × scale² channels to the output size
 * before its last convolution (×4: 48 channels, ×8: 192), so the ×8 tiles are smaller: a 768-pixel
 * ×8 tile holds the worker at about four times the memory of a 768-pixel ×4 tile (over a gigabyte).
 *
 * ×4 tiles are 1104 pixels (a 256-pixel core and its margins), so the largest input the local
 * engine gives the model (512², MODEL_MAX_INPUT_PIXELS) is 2×2 tiles rather than 3×3 of 171: 8 %
 * more pixels through the model for the margins instead of 16 %, and larger runs cost less a
 * pixel, in time and in the worker's peak memory. BENCHMARKS.md ('CPU models') has the figures.
 */
const TILE_OUTPUT_SIDE: Record<EsrganScale, number> = { 2: 768, 3: 768, 4: 1104, 8: 512 };

/** The largest tile core (input pixels a side), per scale. */
export function esrganTileCore(scale: EsrganScale): number {
  return Math.floor(TILE_OUTPUT_SIDE[scale] / scale) - 2 * ESRGAN_TILE_MARGIN;
}
