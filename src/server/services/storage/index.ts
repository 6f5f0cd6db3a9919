/**
 * The storage facade: the driver for the current environment (S3 when S3_BUCKET is set, local disk
 * otherwise), the URL an object is read from, and recognising our own object URLs.
 */
import { signRead } from './signing';
import path from 'node:path';
import { getEnv, type Env } from '~/env';
import { createLocalDriver, LOCAL_STORAGE_ROUTE } from './local-driver';
import { createS3Driver, type S3DriverOptions } from './s3-driver';
import { isValidKey, keyToUrlPath } from './keys';
import type { StorageDriver } from './types';

export type { StorageDriver } from './types';

/** How long a signed upload URL stays valid. */
export const SIGNED_UPLOAD_TTL_SECONDS = 10 * 60;

let cache: { env: Env; driver: StorageDriver } | undefined;
let override: StorageDriver | undefined;

export function s3OptionsFromEnv(env: Env): S3DriverOptions {
  return {
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    publicBaseUrl: env.S3_PUBLIC_BASE_URL,
  };
}

/** The driver for the current environment (rebuilt when tests reset the env cache). */
export function getStorage(): StorageDriver {
  if (override) return override;
  const env = getEnv();
  if (cache?.env !== env) {
    const driver = env.s3Configured
      ? createS3Driver(s3OptionsFromEnv(env))
      : createLocalDriver({ root: path.resolve(env.DATA_DIR, 'storage'), appOrigin: env.appOrigin });
    cache = { env, driver };
  }
  return cache.driver;
}

/** Tests: use this driver instead of the environment's (null restores the default). */
export function setStorageDriverForTests(driver: StorageDriver | null): void {
  override = driver ?? undefined;
}

/** The app's own route for an object: it enforces privacy and works with either driver. */
export function appObjectUrl(key: string): string {
  return `${getEnv().appOrigin}${LOCAL_STORAGE_ROUTE}${keyToUrlPath(key)}`;
}

/** A time-limited URL anyone holding it may read, private or not (for hosted providers). */
export function signedReadUrl(key: string, ttlSeconds: number): string {
  const expires = Math.floor(Date.now() / 1000) + Math.max(60, Math.ceil(ttlSeconds));
  return `${appObjectUrl(key)}?expires=${expires}&sig=${signRead({ key, expires })}`;
}

/**
 * The URL to hand to browsers: private objects always go through the app (owner check), public ones
 * come straight from the driver (the app route locally, the bucket or CDN with S3).
 */
export function objectUrl(key: string, isPrivate: boolean): string {
  return isPrivate ? appObjectUrl(key) : getStorage().publicUrlFor(key);
}

function keyFromPath(rest: string): string | null {
  let key: string;
  try {
    key = rest.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return isValidKey(key) ? key : null;
}

/**
 * The key of one of our own object URLs (the app route, on the app origin or one of extraOrigins, or
 * the S3 public base), or null for any other URL.
 */
export function keyFromStorageUrl(raw: string, extraOrigins: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(raw, getEnv().appOrigin);
  } catch {
    return null;
  }
  const origins = new Set([new URL(getEnv().appOrigin).origin, ...extraOrigins]);
  if (origins.has(url.origin) && url.pathname.startsWith(LOCAL_STORAGE_ROUTE)) {
    return keyFromPath(url.pathname.slice(LOCAL_STORAGE_ROUTE.length));
  }
  const driver = getStorage();
  if (driver.kind === 's3') {
    const base = driver.publicUrlFor('');
    const plain = `${url.origin}${url.pathname}`;
    if (plain.startsWith(base)) return keyFromPath(plain.slice(base.length));
  }
  return null;
}
