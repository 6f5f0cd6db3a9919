/**
 * The inference worker thread, seen from the server: started on first use and reused; one request
 * in flight at a time (task-queue.ts decides which); a thread that crashes, runs out of memory or
 * overruns a request's time limit is gone with that request (it fails), and the next request starts
 * a fresh thread.
 *
 * The thread's code is never part of Next's bundles: a bundler would move or inline the `.wasm`
 * files of TensorFlow.js and the models' weights, which the worker reads where npm installed them.
 * - The production server (Next's build, `npm start`) runs the worker compiled by `npm run build`
 *   (scripts/build-inference-worker.mjs) into the build output: plain JavaScript, no loader.
 * - Everywhere else (`next dev`, vitest, the operator commands) it runs worker/main.ts from the
 *   source tree through tsx, so a change to the worker needs no build.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkerAnswers, WorkerMemory, WorkerRequest, WorkerResponse } from './protocol';

/** The app's folder, where `npm start` and the tests run: node_modules, the build and the source are here. */
const APP_ROOT = process.cwd();

/**
 * Next inlines both at build time: true only inside a production build of the app. Where the
 * compiled worker lives is scripts/build-inference-worker.mjs's INFERENCE_WORKER_OUTPUT.
 */
const RUNS_FROM_BUILD = process.env.NEXT_RUNTIME === 'nodejs' && process.env.NODE_ENV === 'production';
export const WORKER_ENTRY = RUNS_FROM_BUILD
  ? path.join(APP_ROOT, '.next/studio/inference-worker.cjs')
  : path.join(APP_ROOT, 'src/server/inference/worker/main.ts');

/** TensorFlow.js, the wasm module and two models load in well under a second here; this is the patience for a slow disk. */
const START_TIMEOUT_MS = 30_000;

/**
 * The thread's JavaScript heap holds little (the work happens in WebAssembly memory, bounded by
 * the tile size); a thread that grows past this is stopped rather than allowed to take the server.
 */
const WORKER_HEAP_LIMIT_MB = 512;

/**
 * The host's errors are recognised by name (isInferenceError), not by class: the production build
 * compiles the server into more than one bundle, and the host is shared between them.
 */
export function isInferenceError(error: unknown, name: 'InferenceUnavailableError' | 'InferenceCrashError' | 'InferenceFailedError'): error is Error {
  return error instanceof Error && error.name === name;
}

/** The models could not be made to run here (the thread did not start, or a model did not load). */
export class InferenceUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InferenceUnavailableError';
  }
}

/** The thread died (crash, out of memory) or overran the request's limit while this request ran. */
export class InferenceCrashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InferenceCrashError';
  }
}

/** The request itself failed in the worker (e.g. a job the thread no longer knows). */
export class InferenceFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InferenceFailedError';
  }
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

type Pending = { id: number; resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** `waiting`: callers waiting for this thread (its start, or a request's answer); while any do, it keeps the process alive. */
type Thread = { worker: Worker; ready: Promise<void>; incarnation: number; pending?: Pending; exited: boolean; waiting: number };

export type WorkerHost = {
  request<T extends Request['type']>(message: Extract<Request, { type: T }>, options: { timeoutMs: number; transfer?: ArrayBuffer[] }): Promise<WorkerAnswers[T]>;
  /** Starts the thread if none is running; resolves once it is up (or rejects: it could not start). */
  ready(): Promise<void>;
  /** Which thread is (or will be) serving: it changes when a thread is replaced, and a job begun on the old one is gone. */
  incarnation(): number;
  /** The most memory one thread has held after a request (heap, and outside it: WebAssembly, buffers). */
  peakMemory(): WorkerMemory;
  threadsStarted(): number;
  stop(): Promise<void>;
};

export function createWorkerHost(): WorkerHost {
  let thread: Thread | undefined;
  let started = 0;
  let nextId = 1;
  const peak: WorkerMemory = { heapBytes: 0, externalBytes: 0 };

  /**
   * The thread starts from a bootstrap given as text (`eval`), which requires the worker's entry:
   * the compiled one as it is, the source through tsx's require hook registered inside the thread.
   * As text, neither path is seen by a bundler, which would otherwise try to bundle the entry.
   */
  function spawn(): Worker {
    const bootstrap = [
      `const { createRequire } = require('node:module');`,
      `const requireFromApp = createRequire(${JSON.stringify(path.join(APP_ROOT, 'package.json'))});`,
      ...(RUNS_FROM_BUILD ? [] : [`requireFromApp('tsx/cjs/api').register();`]),
      `requireFromApp(${JSON.stringify(WORKER_ENTRY)});`,
    ].join('\n');
    return new Worker(bootstrap, { eval: true, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_LIMIT_MB } });
  }

  function end(current: Thread, error: Error): void {
    current.exited = true;
    if (thread === current) thread = undefined;
    const pending = current.pending;
    current.pending = undefined;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }

  function start(): Thread {
    started += 1;
    const worker = spawn();
    const current: Thread = { worker, incarnation: started, exited: false, ready: Promise.resolve(), waiting: 0 };
    current.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new InferenceUnavailableError('The inference worker did not start in time.'));
        void worker.terminate();
      }, START_TIMEOUT_MS);
      timer.unref();
      worker.on('message', (message: WorkerResponse) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve();
          return;
        }
        const pending = current.pending;
        if (!pending || pending.id !== message.id) return;
        current.pending = undefined;
        clearTimeout(pending.timer);
        peak.heapBytes = Math.max(peak.heapBytes, message.memory.heapBytes);
        peak.externalBytes = Math.max(peak.externalBytes, message.memory.externalBytes);
        if (message.ok) pending.resolve(message.value);
        else if (message.kind === 'unavailable') pending.reject(new InferenceUnavailableError(message.message));
        else pending.reject(new InferenceFailedError(message.message));
      });
      worker.on('error', (error) => {
        clearTimeout(timer);
        reject(new InferenceUnavailableError(`The inference worker failed to start: ${error.message}`, { cause: error }));
        end(current, new InferenceCrashError(`The inference worker crashed: ${error.message}`));
      });
      worker.on('exit', (code) => {
        clearTimeout(timer);
        reject(new InferenceUnavailableError(`The inference worker stopped while starting (exit code ${code}).`));
        end(current, new InferenceCrashError(`The inference worker stopped (exit code ${code}).`));
      });
    });
    // Nobody may be waiting for a thread that failed to start; its failure reaches the next request.
    current.ready.catch(() => undefined);
    // An idle thread never keeps a finished process (a test run, a script) alive; a caller waiting
    // for it does (see awaited). Set after the listeners: adding one refs the thread's port again.
    worker.unref();
    return current;
  }

  /**
   * Keeps the process alive while `work` waits for the thread: a script's only pending work may be
   * the thread's start or answer (a bench awaiting inferenceReady() would otherwise end silently).
   * Counted, as a start and a request can be awaited at once.
   */
  async function awaited<T>(current: Thread, work: () => Promise<T>): Promise<T> {
    if (current.waiting === 0) current.worker.ref();
    current.waiting += 1;
    try {
      return await work();
    } finally {
      current.waiting -= 1;
      if (current.waiting === 0) current.worker.unref();
    }
  }

  async function send(current: Thread, message: Request, timeoutMs: number, transfer: ArrayBuffer[]): Promise<unknown> {
    await current.ready;
    if (current.exited) throw new InferenceCrashError('The inference worker stopped.');
    if (current.pending) throw new Error('The inference worker is serving another request.');
    const id = nextId;
    nextId += 1;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // A request that overruns its limit may never end: the thread is replaced, not waited for.
        end(current, new InferenceCrashError(`The inference worker took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`));
        void current.worker.terminate();
      }, timeoutMs);
      current.pending = { id, resolve, reject, timer };
      current.worker.postMessage({ ...message, id }, transfer);
    });
  }

  return {
    async request(message, { timeoutMs, transfer = [] }) {
      const current = thread && !thread.exited ? thread : (thread = start());
      return (await awaited(current, () => send(current, message, timeoutMs, transfer))) as never;
    },
    ready() {
      const current = thread && !thread.exited ? thread : (thread = start());
      return awaited(current, () => current.ready);
    },
    incarnation: () => thread?.incarnation ?? started + 1,
    peakMemory: () => ({ ...peak }),
    threadsStarted: () => started,
    async stop() {
      const current = thread;
      thread = undefined;
      if (current) {
        end(current, new InferenceCrashError('The inference worker was stopped.'));
        await current.worker.terminate();
      }
    },
  };
}
