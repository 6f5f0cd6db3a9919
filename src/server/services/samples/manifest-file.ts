/** Reading and writing the samples manifest file (sorted keys, written whole and renamed into place). */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { samplesManifestSchema, type SamplesManifest } from '~/catalogue/assets/samples';

/** The manifest the catalogue reads (committed with the repository). */
export const CATALOGUE_SAMPLES_MANIFEST = path.resolve(process.cwd(), 'src/catalogue/assets/samples.json');

export async function readSamplesManifest(file: string): Promise<SamplesManifest> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const result = samplesManifestSchema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`${file} is not a samples manifest: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

export async function writeSamplesManifest(file: string, manifest: SamplesManifest): Promise<void> {
  const sorted = Object.fromEntries(Object.keys(manifest).sort().map((key) => [key, manifest[key]]));
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
  await rename(temporary, file);
}
