/**
 * Counting faces with face-api's tiny face detector (`@vladmandic/face-api`, MIT code and
 * weights, its WebAssembly build). Measured on the test photographs: the tiny detector at input
 * 416 and score 0.5 finds the astronaut's one face, none in the cat or the coffee and two in two
 * astronauts side by side; the SSD-MobileNet detector takes the cat for a face (score 0.93).
 */
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import path from 'node:path';
import type { FaceDetection, RgbImage } from '../protocol';
import { ModelUnavailableError, packageRoot, tensorflowReady } from './backend';

const DETECTOR_INPUT_SIZE = 416;
const MIN_FACE_SCORE = 0.5;

let detector: Promise<void> | undefined;

function detectorReady(): Promise<void> {
  detector ??= (async () => {
    await tensorflowReady();
    await faceapi.nets.tinyFaceDetector.loadFromDisk(path.join(packageRoot('@vladmandic/face-api'), 'model'));
  })().catch((error: unknown) => {
    detector = undefined;
    throw new ModelUnavailableError('The face detector', error);
  });
  return detector;
}

export async function detectFaces(image: RgbImage): Promise<FaceDetection> {
  await detectorReady();
  const input = faceapi.tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(input, new faceapi.TinyFaceDetectorOptions({ inputSize: DETECTOR_INPUT_SIZE, scoreThreshold: MIN_FACE_SCORE }));
    return { faces: found.length, scores: found.map((face) => Math.round(face.score * 1000) / 1000) };
  } finally {
    input.dispose();
  }
}
