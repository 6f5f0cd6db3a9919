/**
 * The local engine's text-to-image: an honest preview image rendered with sharp from an SVG,
 * deterministic for prompt + seed + index, clearly labelled as a local preview (no AI model ran).
 */
import { boundedSharp as sharp } from './bounded-sharp';
import { digest, paletteFrom } from './palette';

export type PreviewSpec = { prompt: string; seed: number; index: number; width: number; height: number; modelName: string };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** The preview shows four lines at most: no need to lay out more of a long prompt than this. */
const PREVIEW_TEXT_MAX_CHARS = 400;

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  // One word longer than a line is cut to the line, so the drawn text stays within maxLines × maxChars.
  const words = text
    .slice(0, PREVIEW_TEXT_MAX_CHARS + 1)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word));
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if ((line + ' ' + word).trim().length > maxChars) {
      lines.push(line.trim());
      line = word;
      if (lines.length === maxLines) break;
    } else line = `${line} ${word}`;
  }
  if (lines.length < maxLines && line.trim()) lines.push(line.trim());
  if (words.join(' ').length > lines.join(' ').length && lines.length) lines[lines.length - 1] = `${lines[lines.length - 1]}…`;
  return lines;
}

export function previewSvg(spec: PreviewSpec): string {
  const bytes = digest(spec.prompt, spec.seed, spec.index);
  const palette = paletteFrom(bytes);
  const { width: w, height: h } = spec;
  const shapes = Array.from({ length: 7 }, (_, i) => {
    const b = (k: number) => (bytes[(4 + i * 4 + k) % bytes.length] ?? 0) / 255;
    return `<circle cx="${Math.round(b(0) * w)}" cy="${Math.round(b(1) * h)}" r="${Math.round((0.08 + b(2) * 0.25) * Math.min(w, h))}" fill="${palette.accent}" opacity="${(0.12 + b(3) * 0.25).toFixed(2)}"/>`;
  }).join('');
  const fontSize = Math.max(16, Math.round(Math.min(w, h) / 22));
  const lines = wrap(spec.prompt || 'Untitled', Math.max(12, Math.floor(w / (fontSize * 0.58))), 4);
  const text = lines
    .map((line, i) => `<text x="${Math.round(w * 0.06)}" y="${Math.round(h * 0.62) + i * Math.round(fontSize * 1.3)}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="white" opacity="0.95">${escapeXml(line)}</text>`)
    .join('');
  const small = Math.max(12, Math.round(fontSize * 0.6));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="bg" gradientTransform="rotate(${palette.angle} 0.5 0.5)"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>${shapes}
  <rect x="0" y="${Math.round(h * 0.52)}" width="${w}" height="${Math.round(h * 0.48)}" fill="black" opacity="0.28"/>
  ${text}
  <text x="${Math.round(w * 0.06)}" y="${h - Math.round(small * 1.4)}" font-family="DejaVu Sans, sans-serif" font-size="${small}" fill="white" opacity="0.85">${escapeXml(`Local preview · ${spec.modelName} · seed ${spec.seed} — no AI model was called`)}</text>
</svg>`;
}

export async function renderPreview(spec: PreviewSpec): Promise<Buffer> {
  return sharp(Buffer.from(previewSvg(spec))).jpeg({ quality: 88 }).toBuffer();
}


