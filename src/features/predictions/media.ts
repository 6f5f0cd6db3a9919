/** A preview counts as a video if its URL ends in .mp4 (core-flow §2). */
export function isVideoUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  const path = url.split(/[?#]/)[0] ?? '';
  return path.toLowerCase().endsWith('.mp4');
}

export function isVideoMedia(media: { publicUrl: string; contentType?: string | null }): boolean {
  return (media.contentType ?? '').startsWith('video/') || isVideoUrl(media.publicUrl);
}

/** A file name for the download attribute: the URL's last segment, else a generated one. */
export function downloadName(url: string, fallback: string): string {
  const last = (url.split(/[?#]/)[0] ?? '').split('/').pop();
  return last && /\.[a-z0-9]{2,5}$/i.test(last) ? decodeURIComponent(last) : fallback;
}
