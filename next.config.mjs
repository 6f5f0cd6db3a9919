/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Locale-prefixed routing: English has no prefix, the others do.
  i18n: { locales: ['en', 'es', 'fr', 'de', 'pt', 'ja'], defaultLocale: 'en', localeDetection: false },
  // Server-only packages Next must not try to bundle.
  serverExternalPackages: ['sharp', '@ffmpeg-installer/ffmpeg', '@electric-sql/pglite', '@electric-sql/pglite-socket', 'pg', '@prisma/schema-engine-wasm'],
  poweredByHeader: false,
  // `npm run build` type-checks the whole project first (`tsc --noEmit`, incremental, so after the
  // unit tier's check it re-reads rather than re-checks) and stops on an error; Next need not
  // check the same files a second time.
  typescript: { ignoreBuildErrors: true },
  // The build's Turbopack cache on disk only pays off when the same checkout builds again: CI and
  // deploys build once from a clean tree, where writing it would be a fifth of the build's time.
  experimental: { turbopackFileSystemCacheForBuild: false },
};
export default nextConfig;
