/**
 * Normalises whatever a model returned into media URLs and/or text.
 *
 * Replicate: a URL string (flux-1.1-pro), an array of URLs (flux-schnell), a string (blip) or an
 * array of streamed tokens (llava, LLMs). fal: `{images:[{url,...}]}`, `{image:{url}}`,
 * `{video:{url}}`, `{audio_file:{url}}`, `{output:"text"}`, `{results:"text"}`...
 */

export type NormalizedOutput = { outputUrls?: string[]; outputText?: string };

const URL_PATTERN = /^(https?:\/\/|data:)/i;

/** Keys that echo inputs or carry metadata, never outputs. */
const SKIPPED_KEYS = new Set(['input', 'inputs', 'logs', 'urls', 'metrics', 'timings', 'seed', 'has_nsfw_concepts', 'prompt']);

/** Keys read, in this order, for a text answer when the output carries no media. */
const TEXT_KEYS = ['output', 'text', 'caption', 'description', 'results', 'result', 'prompt', 'content', 'answer'];

export function isOutputUrl(value: unknown): value is string {
  return typeof value === 'string' && URL_PATTERN.test(value.trim());
}

function skipKey(key: string): boolean {
  return SKIPPED_KEYS.has(key) || /_urls?$/.test(key);
}

function collectUrls(value: unknown, into: string[], depth = 0): void {
  if (depth > 6 || value === null || value === undefined) return;
  if (typeof value === 'string') {
    if (isOutputUrl(value)) into.push(value.trim());
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectUrls(item, into, depth + 1);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (skipKey(key)) continue;
      collectUrls(item, into, depth + 1);
    }
  }
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value.join('');
  return undefined;
}

export function normalizeOutput(output: unknown): NormalizedOutput {
  if (output === null || output === undefined) return {};
  if (typeof output === 'string') {
    return isOutputUrl(output) ? { outputUrls: [output.trim()] } : { outputText: output };
  }
  if (Array.isArray(output) && output.every((v) => typeof v === 'string')) {
    const strings = output as string[];
    if (strings.length > 0 && strings.every((s) => isOutputUrl(s))) return { outputUrls: strings.map((s) => s.trim()) };
    // Streamed tokens (LLMs, llava): concatenated as the provider's own UI does.
    return strings.length > 0 ? { outputText: strings.join('') } : {};
  }
  const urls: string[] = [];
  collectUrls(output, urls);
  if (urls.length > 0) return { outputUrls: [...new Set(urls)] };
  if (typeof output === 'object' && !Array.isArray(output)) {
    const record = output as Record<string, unknown>;
    for (const key of TEXT_KEYS) {
      const text = textOf(record[key]);
      if (text !== undefined) return { outputText: text };
    }
  }
  return {};
}
