/**
 * TensorFlow.js on its WebAssembly backend, inside the inference worker only: the `.wasm` files
 * ship in the package (nothing is downloaded), it needs no native add-on, and it runs on the one
 * thread it is given (Node has no threaded build), leaving the other cores to the server.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export { tf };

/** A model (or the backend under it) could not be loaded: the caller may fall back to something else. */
export class ModelUnavailableError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ModelUnavailableError';
  }
}

let ready: Promise<void> | undefined;

export function tensorflowReady(): Promise<void> {
  ready ??= (async () => {
    if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend of TensorFlow.js did not start.');
    await tf.ready();
  })();
  return ready;
}

/**
 * The folder of an installed package, found from its entry point (some packages export no
 * package.json path): the model weights are files inside these packages.
 */
export function packageRoot(name: string): string {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`The package ${name} is not installed.`);
    dir = parent;
  }
}
