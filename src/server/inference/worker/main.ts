/**
 * The inference worker thread's entry (started by worker-host.ts through tsx, outside Next's
 * bundles, so TensorFlow.js finds its `.wasm` files and the models their weights as installed).
 * It answers one request at a time, in the order the server sends them, each answer carrying the
 * thread's memory so the server can report its peak.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { WorkerMemory, WorkerRequest, WorkerResponse } from '../protocol';
import { ModelUnavailableError, tensorflowReady } from './backend';
import { beginUpscale, dropUpscale, endUpscale, upscaleTile } from './esrgan';
import { detectFaces } from './faces';
import { classifyNsfw } from './nsfw';

const port = parentPort;
if (!port) throw new Error('The inference worker runs in a worker thread.');

function memory(): WorkerMemory {
  // In a worker thread these are the thread's own heap and off-heap (WebAssembly, buffers) bytes.
  const usage = process.memoryUsage();
  return { heapBytes: usage.heapUsed, externalBytes: usage.external };
}

async function answer(request: WorkerRequest): Promise<{ value: unknown; transfer: ArrayBuffer[] }> {
  switch (request.type) {
    case 'faces':
      return { value: await detectFaces(request.image), transfer: [] };
    case 'nsfw':
      return { value: await classifyNsfw(request.image), transfer: [] };
    case 'upscale-begin':
      return { value: { tiles: beginUpscale(request.job, request.scale, request.image) }, transfer: [] };
    case 'upscale-tile':
      await upscaleTile(request.job, request.index);
      return { value: {}, transfer: [] };
    case 'upscale-end': {
      const image = endUpscale(request.job);
      return { value: image, transfer: [image.pixels.buffer as ArrayBuffer] };
    }
    case 'upscale-drop':
      dropUpscale(request.job);
      return { value: {}, transfer: [] };
    case 'crash':
      process.exit(70);
  }
}

/**
 * The model's work yields to the server when the cores are busy: this thread runs at a lower
 * priority (niceness 10). Not the lowest: at 19 (weight 15 against 1,024) a busy machine all but
 * stops the model, and a paid job must still finish in its time limit. On Linux a thread
 * has its own niceness, set through its kernel thread id; elsewhere, or where it is not allowed,
 * the thread keeps the normal priority.
 */
function yieldToTheServer(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
  } catch {
    // Not Linux, or not permitted: normal priority.
  }
}

yieldToTheServer();

let queue: Promise<void> = Promise.resolve();

port.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    let response: WorkerResponse;
    let transfer: ArrayBuffer[] = [];
    try {
      const done = await answer(request);
      transfer = done.transfer;
      response = { type: 'answer', id: request.id, ok: true, value: done.value, memory: memory() };
    } catch (error) {
      const kind = error instanceof ModelUnavailableError ? 'unavailable' : 'failed';
      response = { type: 'answer', id: request.id, ok: false, kind, message: error instanceof Error ? error.message : String(error), memory: memory() };
    }
    port.postMessage(response, transfer);
  });
});

tensorflowReady().then(
  () => port.postMessage({ type: 'ready' } satisfies WorkerResponse),
  (error: unknown) => {
    // Without its backend the thread is of no use: it ends, and the server sees it never got ready.
    console.error('[inference] TensorFlow.js could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
