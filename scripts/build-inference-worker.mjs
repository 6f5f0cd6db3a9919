/**
 * Compiles the inference worker (src/server/inference/worker/main.ts) into one CommonJS file in the
 * build output, `.next/studio/inference-worker.cjs`, run by `npm start` as a worker thread. It is
 * bundled by esbuild rather than by Next: the worker is a thread's entry, not a route, and its
 * packages (TensorFlow.js, the models) stay external, so they read their `.wasm` files and weights
 * where npm installed them, from node_modules beside the build.
 */
import { build } from 'esbuild';

export const INFERENCE_WORKER_OUTPUT = '.next/studio/inference-worker.cjs';

await build({
  entryPoints: ['src/server/inference/worker/main.ts'],
  outfile: INFERENCE_WORKER_OUTPUT,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Every installed package is loaded from node_modules at run time; only our own modules (the
  // tsconfig's `~/` paths and relative imports) are compiled in.
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  logLevel: 'warning',
});
