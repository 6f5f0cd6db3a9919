/**
 * Video effect templates (tool-catalogue §1 and §3): hug, kiss, eye zoom, Ghibli style and more.
 * Kling templates map to the Kling effects `effect_scene`; Pixverse templates to its `effect`
 * (null runs the template's motion prompt alone).
 */
import { sampledClipUrl } from '../assets/samples';
import { parseList } from '../parse';
import { videoEffectSchema, type VideoEffect } from './types';

interface VideoEffectSeed {
  id: string;
  name: string;
  description: string;
  prompt: string;
  modelId: VideoEffect['modelId'];
  providerEffect: string | null;
  imageCount: 1 | 2;
  isHot?: boolean;
  isNew?: boolean;
}

function videoEffect(seed: VideoEffectSeed): VideoEffect {
  const base = `/catalogue/video-effects/${seed.id}`;
  // A real preview clip once `npm run samples` rendered the template (none before: the still stays).
  const previewVideo = sampledClipUrl(`${base}-preview.webp`);
  const inputs =
    seed.imageCount === 2 ? ['/catalogue/samples/person-a.webp', '/catalogue/samples/person-b.webp'] : ['/catalogue/samples/portrait.webp'];
  return {
    id: seed.id,
    name: seed.name,
    description: seed.description,
    prompt: seed.prompt,
    effectPrompt: seed.prompt,
    modelId: seed.modelId,
    providerEffect: seed.providerEffect,
    imageCount: seed.imageCount,
    sampleImageUrl: `${base}-sample.webp`,
    previewImage: `${base}-preview.webp`,
    ...(previewVideo ? { previewVideo } : {}),
    isHot: seed.isHot ?? false,
    isNew: seed.isNew ?? false,
    examples: [{ inputImages: inputs, outputPreview: `${base}-preview.webp`, ...(previewVideo ? { outputVideo: previewVideo } : {}) }],
  };
}

const seeds: VideoEffectSeed[] = [
  {
    id: 'hug',
    name: 'AI Hug',
    description: 'Two people from two photos turn to each other and share a warm hug.',
    prompt: 'The two people turn towards each other, smile and embrace in a warm, gentle hug.',
    modelId: 'kling-effects',
    providerEffect: 'hug',
    imageCount: 2,
    isHot: true,
  },
  {
    id: 'kiss',
    name: 'AI Kiss',
    description: 'Two people lean in for a soft kiss on the cheek.',
    prompt: 'The two people lean in close and share a soft, affectionate kiss.',
    modelId: 'kling-effects',
    providerEffect: 'kiss',
    imageCount: 2,
    isHot: true,
  },
  {
    id: 'heart-gesture',
    name: 'Heart Gesture',
    description: 'Two people join their hands to form a heart.',
    prompt: 'The two people smile at the camera and join their hands to form a heart shape.',
    modelId: 'kling-effects',
    providerEffect: 'heart_gesture',
    imageCount: 2,
  },
  {
    id: 'squish',
    name: 'Squish',
    description: 'The subject gets squished like soft clay by two hands.',
    prompt: 'Two hands enter the frame and squish the subject like soft clay, which bounces back.',
    modelId: 'kling-effects',
    providerEffect: 'squish',
    imageCount: 1,
  },
  {
    id: 'inflate',
    name: 'Inflate',
    description: 'The subject puffs up like a balloon and floats away.',
    prompt: 'The subject inflates like a balloon, becomes round and floats gently upwards.',
    modelId: 'kling-effects',
    providerEffect: 'expansion',
    imageCount: 1,
    isNew: true,
  },
  {
    id: 'eye-zoom',
    name: 'Eye Zoom',
    description: 'A dramatic push-in from the face right into the iris.',
    prompt:
      'Extreme cinematic zoom: the camera pushes in smoothly from the face into one eye until the iris fills the frame, revealing a tiny reflection of the scene.',
    modelId: 'pixverse-effects',
    providerEffect: null,
    imageCount: 1,
    isHot: true,
    isNew: true,
  },
  {
    id: 'ghibli-live',
    name: 'Ghibli Style',
    description: 'The photo turns into a hand-painted anime scene that comes alive.',
    prompt: 'The scene transforms into a hand-painted anime film world; wind moves the hair and clouds drift.',
    modelId: 'pixverse-effects',
    providerEffect: 'Ghibli Live!',
    imageCount: 1,
    isHot: true,
  },
  {
    id: 'muscle-surge',
    name: 'Muscle Surge',
    description: 'The subject flexes into a bodybuilder physique.',
    prompt: 'The person flexes and their muscles surge into a bodybuilder physique.',
    modelId: 'pixverse-effects',
    providerEffect: 'Muscle Surge',
    imageCount: 1,
  },
  {
    id: 'suit-swagger',
    name: 'Suit Swagger',
    description: 'An instant sharp suit and a confident walk.',
    prompt: 'A sharp tailored suit wraps around the person, who adjusts the cuffs with a confident smile.',
    modelId: 'pixverse-effects',
    providerEffect: 'Suit Swagger',
    imageCount: 1,
  },
  {
    id: 'robot-transform',
    name: 'Robot Transform',
    description: 'Anything becomes a giant robot, panel by panel.',
    prompt: 'The subject unfolds panel by panel and transforms into a giant shiny robot.',
    modelId: 'pixverse-effects',
    providerEffect: 'Anything, Robot',
    imageCount: 1,
  },
  {
    id: 'kungfu-club',
    name: 'Kung Fu Club',
    description: 'A quick martial-arts routine with flowing moves.',
    prompt: 'The person performs a fluid kung fu routine with fast kicks and a final bow.',
    modelId: 'pixverse-effects',
    providerEffect: 'Kungfu Club',
    imageCount: 1,
  },
];

export const videoEffects: readonly VideoEffect[] = parseList('video effect', videoEffectSchema, seeds.map(videoEffect));

export function getVideoEffect(id: string): VideoEffect | undefined {
  return videoEffects.find((e) => e.id === id);
}
