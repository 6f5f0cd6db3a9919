/** Honest local stand-ins for the text tools: what can be measured about an image, said plainly. */
import { boundedSharp as sharp } from './bounded-sharp';

const COLOUR_NAMES: [string, [number, number, number]][] = [
  ['black', [20, 20, 20]], ['white', [235, 235, 235]], ['grey', [128, 128, 128]], ['red', [200, 40, 40]],
  ['orange', [230, 130, 40]], ['yellow', [230, 210, 60]], ['green', [60, 160, 70]], ['teal', [40, 150, 150]],
  ['blue', [50, 90, 200]], ['purple', [130, 60, 170]], ['pink', [230, 130, 180]], ['brown', [120, 80, 50]],
];

function nearestColour(r: number, g: number, b: number): string {
  let best = COLOUR_NAMES[0]![0];
  let bestDistance = Infinity;
  for (const [name, [cr, cg, cb]] of COLOUR_NAMES) {
    const d = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

export async function describeImage(input: Buffer, detail: 'brief' | 'normal' | 'detailed' = 'normal'): Promise<string> {
  const meta = await sharp(input).metadata();
  const stats = await sharp(input).stats();
  const [r, g, b] = stats.channels.map((c) => c.mean);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const orientation = width > height ? 'landscape' : width < height ? 'portrait' : 'square';
  const brightness = ((r ?? 0) + (g ?? 0) + (b ?? 0)) / 3;
  const tone = brightness > 170 ? 'bright' : brightness < 80 ? 'dark' : 'mid-toned';
  const colour = nearestColour(r ?? 0, g ?? 0, b ?? 0);
  const brief = `A ${tone} ${orientation} image, mostly ${colour}.`;
  if (detail === 'brief') return brief;
  const normal = `${brief} It is ${width}×${height} pixels${meta.hasAlpha ? ' with transparency' : ''}.`;
  if (detail === 'normal') return `${normal} (Local preview: no captioning model was called.)`;
  const sharpness = stats.sharpness > 5 ? 'crisp detail' : 'soft, smooth areas';
  return `${normal} Its average colour is rgb(${Math.round(r ?? 0)}, ${Math.round(g ?? 0)}, ${Math.round(b ?? 0)}) and it shows ${sharpness}. (Local preview: no captioning model was called.)`;
}

export async function promptFromImage(input: Buffer): Promise<string> {
  const description = await describeImage(input, 'brief');
  return `${description.replace(/\.$/, '')}, natural light, detailed, high quality photograph (local preview prompt: no model was called)`;
}

export function adaptPrompt(prompt: string, target: string): string {
  const base = prompt.trim().replace(/\s+/g, ' ');
  switch (target.toLowerCase()) {
    case 'midjourney':
      return `${base}, cinematic composition, rich detail --ar 1:1 --v 6 --style raw`;
    case 'stable diffusion':
    case 'stable-diffusion':
      return `${base}, masterpiece, best quality, highly detailed, sharp focus, 8k`;
    default:
      return `${base}. Shot with natural lighting and a clear subject, detailed textures, balanced composition.`;
  }
}
