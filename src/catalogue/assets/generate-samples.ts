/**
 * Renders the catalogue's sample and preview images into public/catalogue/ (small 256 px WebP
 * gradients with a caption), so every page renders offline. Run: npx tsx src/catalogue/assets/generate-samples.ts
 * Existing files are kept unless --force is given.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { catalogueAssetPaths } from './paths';

const SIZE = 256;
const publicDir = resolve(process.cwd(), 'public');

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** '/catalogue/models/flux-dev-example-1.webp' -> ['flux dev', 'example 1'] */
function caption(path: string): [string, string] {
  const parts = path.replace(/^\/catalogue\//, '').replace(/\.\w+$/, '').split('/');
  const kind = parts[0] ?? '';
  const name = (parts[1] ?? '').replace(/-(output|sample|preview|example-\d+)$/, '');
  const suffix = (parts[1] ?? '').slice(name.length + 1).replace(/-/g, ' ');
  return [name.replace(/-/g, ' '), [kind.replace(/-/g, ' '), suffix].filter(Boolean).join(' · ')];
}

function svgFor(path: string): string {
  const h = hash(path);
  const hue1 = h % 360;
  const hue2 = (hue1 + 40 + ((h >> 9) % 120)) % 360;
  const [title, subtitle] = caption(path);
  const cx = 40 + ((h >> 3) % 176);
  const cy = 40 + ((h >> 11) % 120);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue1},70%,58%)"/>
      <stop offset="1" stop-color="hsl(${hue2},65%,32%)"/>
    </linearGradient>
    <radialGradient id="r" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="${60 + (h % 40)}" fill="url(#r)"/>
  <rect x="0" y="${SIZE - 64}" width="${SIZE}" height="64" fill="#000" fill-opacity="0.35"/>
  <text x="12" y="${SIZE - 38}" font-family="DejaVu Sans, Arial, sans-serif" font-size="17" font-weight="bold" fill="#fff">${escapeXml(title.slice(0, 24))}</text>
  <text x="12" y="${SIZE - 16}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12" fill="#fff" fill-opacity="0.85">${escapeXml(subtitle.slice(0, 34))}</text>
</svg>`;
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  let written = 0;
  let bytes = 0;
  for (const path of catalogueAssetPaths()) {
    const file = join(publicDir, path);
    if (!force && existsSync(file)) continue;
    mkdirSync(dirname(file), { recursive: true });
    const image = sharp(Buffer.from(svgFor(path)));
    await (path.endsWith('.jpg') ? image.jpeg({ quality: 75 }) : image.webp({ quality: 70 })).toFile(file);
    bytes += statSync(file).size;
    written++;
  }
  console.log(`wrote ${written} images (${Math.round(bytes / 1024)} KiB) under ${join(publicDir, 'catalogue')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
