/**
 * Models that run on this server's CPU, from weights shipped inside npm packages (nothing is
 * downloaded): ESRGAN-slim super-resolution, face-api's tiny face detector and nsfwjs's image
 * classifier, on TensorFlow.js's WebAssembly backend, in one worker thread off the request path.
 * Server-only: nothing here may be imported by browser code (the models and TensorFlow.js never
 * enter a page's bundle).
 */
export { classifyNsfw, countFaces, crashInferenceWorkerForTests, esrganUpscale, inferenceReady, inferenceStats, stopInference, type InferenceStats, type UpscaleProgress } from './runner';
export { decodeRgb, UnreadableImageError, type DecodeLimits, type UnreadableReason } from './decode';
export { ESRGAN_SCALES, type EsrganScale, type FaceDetection, type NsfwScores, type RgbImage } from './protocol';
export { InferenceCrashError, InferenceFailedError, InferenceUnavailableError, isInferenceError } from './worker-host';
export { QueueFullError, StepAbortedError } from './task-queue';
