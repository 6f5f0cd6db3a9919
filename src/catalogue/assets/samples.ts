/**
 * Real samples rendered by `npm run samples` (src/scripts/samples.ts): a manifest keyed by the
 * catalogue's asset path (e.g. '/catalogue/loras/flux-realism.webp') giving where the rendered file
 * lives in our storage. The catalogue shows the sample where one exists and falls back to the
 * generated placeholder art under public/catalogue otherwise. Video templates also get a preview
 * clip, keyed by their preview image's path with '.mp4'.
 */
import { describeIssues } from '~/utils/zod-issues';
import { z } from 'zod';
import manifestJson from './samples.json';

export const sampleEntrySchema = z
  .object({
    /** What browsers load: an app path (local storage) or the bucket's public URL. */
    url: z.string().refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'must be a /path or an http(s) URL'),
    /** The storage key, to check the file still exists. */
    key: z.string().min(1),
    contentType: z.string().min(1),
    /** The generation that rendered it. */
    generationId: z.string().min(1),
  })
  .strict();

export type SampleEntry = z.infer<typeof sampleEntrySchema>;

export const samplesManifestSchema = z.record(z.string().startsWith('/catalogue/'), sampleEntrySchema);

export type SamplesManifest = z.infer<typeof samplesManifestSchema>;

function parseManifest(value: unknown): SamplesManifest {
  const result = samplesManifestSchema.safeParse(value);
  if (!result.success) throw new Error(`Invalid samples manifest (src/catalogue/assets/samples.json): ${describeIssues(result.error.issues).join('; ')}`);
  return result.data;
}

const manifest: SamplesManifest = parseManifest(manifestJson);
const keyByUrl = new Map(Object.entries(manifest).map(([key, entry]) => [entry.url, key]));

/** The preview clip's asset key of a video template (or video model example), from its still's key. */
export function previewClipKey(stillPath: string): string {
  return stillPath.replace(/\.[a-z0-9]+$/i, '.mp4');
}

/** The rendered clip for a still's asset path, or undefined until `npm run samples` made one. */
export function sampledClipUrl(stillPath: string): string | undefined {
  return manifest[previewClipKey(stillPath)]?.url;
}

/** The catalogue asset path a shown URL stands for (the sample's key, or the path itself). */
export function assetKeyOf(shown: string): string {
  return keyByUrl.get(shown) ?? shown;
}

/** Every asset path in the value (deeply) replaced by its sample's URL where one exists. */
export function withSamples<T>(value: T): T {
  if (keyByUrl.size === 0) return value;
  return replaceDeep(value);
}

function replaceDeep<T>(value: T): T {
  if (typeof value === 'string') return (manifest[value]?.url ?? value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => replaceDeep(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v)])) as T;
  }
  return value;
}
