/**
 * The still of a rendered clip: its first frame as a WebP (the catalogue shows video templates and
 * video models by a still, and plays the clip where it has one). Uses the ffmpeg binary shipped in
 * the @ffmpeg-installer npm package, as the local engine does.
 */
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

export async function firstFrameWebp(clip: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'studio-poster-'));
  try {
    const input = path.join(dir, 'clip.mp4');
    const frame = path.join(dir, 'frame.png');
    await writeFile(input, clip);
    await run(ffmpegInstaller.path, ['-y', '-loglevel', 'error', '-i', input, '-frames:v', '1', frame], { timeout: 60_000 });
    return await sharp(await readFile(frame)).webp({ quality: 85 }).toBuffer();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
