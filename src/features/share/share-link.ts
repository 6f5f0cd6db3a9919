/** A creation's share page (/c/{id}) and its full address, for 'Copy link'. */
export function sharePath(id: string): string {
  return `/c/${encodeURIComponent(id)}`;
}

export function shareUrl(id: string, origin: string = typeof window === 'undefined' ? '' : window.location.origin): string {
  return `${origin}${sharePath(id)}`;
}
