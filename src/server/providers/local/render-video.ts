/**
 * Short local preview videos for video models: frames rendered with sharp, encoded to H.264 MP4
 * with the ffmpeg binary shipped inside the @ffmpeg-installer npm package (nothing downloaded).
 */
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { boundedSharp as sharp } from './bounded-sharp';

const run = promisify(execFile);

/** A slow zoom over the still, `seconds` long at 12 fps, 512 px on the long side, its aspect kept. */
export async function renderPreviewVideo(still: Buffer, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'studio-video-'));
  try {
    // Keep the still's aspect ratio; H.264 wants even dimensions.
    const fitted = sharp(still).resize({ width: 512, height: 512, fit: 'inside' });
    const { info } = await fitted.clone().png().toBuffer({ resolveWithObject: true });
    const width = Math.max(2, info.width - (info.width % 2));
    const height = Math.max(2, info.height - (info.height % 2));
    const frame = await sharp(still).resize({ width, height, fit: 'cover' }).png().toBuffer();
    const framePath = path.join(dir, 'frame.png');
    await writeFile(framePath, frame);
    const out = path.join(dir, 'out.mp4');
    const fps = 12;
    const frames = Math.max(12, Math.round(seconds * fps));
    await run(ffmpegInstaller.path, [
      '-y', '-loglevel', 'error', '-loop', '1', '-i', framePath,
      '-vf', `zoompan=z='min(zoom+0.0025,1.25)':d=${frames}:s=${width}x${height}:fps=${fps},format=yuv420p`,
      '-frames:v', String(frames), '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', out,
    ], { timeout: 60_000 });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
