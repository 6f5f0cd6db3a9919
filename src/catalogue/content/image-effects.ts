/**
 * One-click photo effects (15 effect styles, core-flow §9) run by the `kontext-style-effect`
 * model: the effect prompt is the Kontext edit instruction.
 */
import { parseList } from '../parse';
import { imageEffectSchema, type ImageEffect } from './types';

interface EffectSeed {
  id: string;
  name: string;
  description: string;
  effectPrompt: string;
  isHot?: boolean;
  isNew?: boolean;
}

function effect(seed: EffectSeed): ImageEffect {
  const dir = `/catalogue/image-effects/${seed.id}`;
  return {
    id: seed.id,
    name: seed.name,
    description: seed.description,
    effectPrompt: seed.effectPrompt,
    sampleImageUrl: `${dir}-sample.webp`,
    previewImage: `${dir}-preview.webp`,
    isHot: seed.isHot ?? false,
    isNew: seed.isNew ?? false,
    examples: [{ input: '/catalogue/samples/portrait.webp', output: `${dir}-preview.webp` }],
  };
}

const seeds: EffectSeed[] = [
  {
    id: 'ghibli',
    name: 'Ghibli Style',
    description: 'Hand-painted anime film look with soft skies and warm light.',
    effectPrompt:
      'Transform this photo into a hand-painted Japanese animated film still: soft watercolor backgrounds, gentle cel shading, warm natural light. Keep the people, their poses and the composition.',
    isHot: true,
  },
  {
    id: 'action-figure',
    name: 'Action Figure',
    description: 'You as a boxed collectible figure with accessories.',
    effectPrompt:
      'Turn the person into a collectible action figure sealed in a blister pack toy box with a printed name label and small accessories beside the figure. Keep the face recognizable.',
    isHot: true,
    isNew: true,
  },
  {
    id: 'claymation',
    name: 'Claymation',
    description: 'Stop-motion plasticine characters with fingerprint texture.',
    effectPrompt:
      'Recreate this image as a stop-motion claymation scene: plasticine characters with visible fingerprints, miniature handmade set, soft studio lighting.',
  },
  {
    id: '3d-cartoon',
    name: '3D Cartoon',
    description: 'Big-eyed animated feature character render.',
    effectPrompt:
      'Render the subject as a 3D animated movie character with large expressive eyes, smooth stylized skin and cinematic lighting. Keep the outfit and hairstyle.',
    isHot: true,
  },
  {
    id: 'brick-toy',
    name: 'Brick Toy',
    description: 'Rebuilt from plastic toy bricks as a minifigure scene.',
    effectPrompt:
      'Rebuild the whole scene out of plastic toy construction bricks, with the people as toy minifigures. Keep the layout and colors of the original.',
  },
  {
    id: 'pop-art',
    name: 'Pop Art',
    description: 'Bold halftone dots and flat primary colors.',
    effectPrompt:
      'Convert this photo into 1960s pop art: bold black outlines, flat primary colors, Ben-Day halftone dots.',
  },
  {
    id: 'watercolor',
    name: 'Watercolor',
    description: 'Loose watercolor washes on textured paper.',
    effectPrompt:
      'Repaint this image as a loose watercolor painting on cold-press paper, with soft bleeding edges and white paper showing through.',
  },
  {
    id: 'pencil-sketch',
    name: 'Pencil Sketch',
    description: 'Graphite drawing with fine hatching.',
    effectPrompt:
      'Turn this photo into a detailed graphite pencil sketch with fine cross-hatching on off-white sketchbook paper.',
  },
  {
    id: 'anime',
    name: 'Anime',
    description: 'Modern TV anime with crisp lines.',
    effectPrompt:
      'Redraw this image as a modern anime key frame: clean line art, vivid cel shading, glossy eyes. Keep the people and their expressions.',
    isHot: true,
  },
  {
    id: 'cyberpunk',
    name: 'Cyberpunk Neon',
    description: 'Rainy neon night city makeover.',
    effectPrompt:
      'Restyle this image as a rainy cyberpunk night scene with neon pink and cyan lighting, wet reflections and holographic signs. Keep the subject unchanged.',
  },
  {
    id: 'oil-painting',
    name: 'Oil Painting',
    description: 'Classical oil portrait with visible brushwork.',
    effectPrompt:
      'Paint this image as a classical oil painting with rich impasto brushwork, warm varnish tones and a canvas texture.',
  },
  {
    id: 'pixel-art',
    name: 'Pixel Art',
    description: '16-bit video game sprite look.',
    effectPrompt:
      'Convert this image into 16-bit pixel art with a limited color palette and crisp square pixels, like a retro video game scene.',
    isNew: true,
  },
  {
    id: 'comic-book',
    name: 'Comic Book',
    description: 'Inked comic panel with dramatic shading.',
    effectPrompt:
      'Redraw this photo as an American comic book panel: heavy ink lines, dramatic shadows, vibrant flat colors and a subtle print texture.',
  },
  {
    id: 'vintage-polaroid',
    name: 'Vintage Polaroid',
    description: 'Faded instant-film print from the 70s.',
    effectPrompt:
      'Make this look like a faded 1970s instant film photo with a white border, warm color shift, soft focus and light leaks.',
  },
  {
    id: 'chibi-sticker',
    name: 'Chibi Sticker',
    description: 'Cute big-head sticker with a white outline.',
    effectPrompt:
      'Turn the person into a cute chibi sticker: big head, small body, thick white die-cut outline, plain light background. Keep hair and clothing colors.',
    isNew: true,
  },
];

export const imageEffects: readonly ImageEffect[] = parseList('image effect', imageEffectSchema, seeds.map(effect));

export function getImageEffect(id: string): ImageEffect | undefined {
  return imageEffects.find((e) => e.id === id);
}
