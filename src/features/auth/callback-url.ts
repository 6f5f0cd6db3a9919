/**
 * Where to go after sign-in (core-flow §2): the modal's own parameter, then the callbackUrl query
 * parameter, then '/'. Only same-site paths are accepted, so a crafted link cannot send people away.
 */
export function resolveCallbackUrl(modalParam: string | null | undefined, queryParam: string | string[] | null | undefined): string {
  const fromQuery = Array.isArray(queryParam) ? queryParam[0] : queryParam;
  for (const candidate of [modalParam, fromQuery]) {
    const safe = sameSitePath(candidate);
    if (safe) return safe;
  }
  return '/';
}

function sameSitePath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const url = new URL(value);
    if (typeof window !== 'undefined' && url.origin === window.location.origin) return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
  return null;
}

/** The current path without its locale prefix (the callback when an anonymous user tries to act). */
export function pathWithoutLocale(asPath: string, locales: readonly string[]): string {
  const [pathname = '/', ...rest] = asPath.split(/(?=[?#])/);
  const segments = pathname.split('/');
  const first = segments[1];
  const stripped = first && locales.includes(first) ? `/${segments.slice(2).join('/')}` : pathname;
  return `${stripped === '' ? '/' : stripped}${rest.join('')}`;
}
