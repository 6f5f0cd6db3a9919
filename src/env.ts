/**
 * The one place that reads process.env. Every variable is validated with zod; the README's table
 * lists them. Parsed lazily (and cached) so tests can set variables before first use.
 */
import { describeIssues } from '~/utils/zod-issues';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'on', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = optionalString.pipe(z.url().optional());

const rawSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** A PostgreSQL server; without it the studio runs on an embedded PGlite database in DATA_DIR. */
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  /** The port `npm start` (server.mjs) listens on, on every interface, as `next start -p` does. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * `npm start` answers a few routes itself before Next's pipeline (src/server/http/direct-routes.ts);
   * `off` hands them to Next too, so the two ways can be compared on the same build.
   */
  DIRECT_ROUTES: z.enum(['on', 'off']).default('on'),
  /** Public origin of the app (also next-auth's NEXTAUTH_URL). */
  NEXTAUTH_URL: optionalUrl,
  NEXTAUTH_SECRET: optionalString,
  /** Set by Vercel; without NEXTAUTH_URL, next-auth then names its session cookie __Secure- (session-user.ts). */
  VERCEL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** OpenID discovery document; overridable so tests can use a local issuer. */
  GOOGLE_WELL_KNOWN_URL: optionalUrl,
  /** auto (on only without Google credentials), on, off. */
  DEV_SIGNIN: z.enum(['auto', 'on', 'off']).default('auto'),
  DEV_SIGNIN_FORCE_IN_PRODUCTION: flag,
  STARTING_CREDITS: z.coerce.number().int().min(0).default(100),
  /** Days an uploaded input (photo, mask) is kept before the retention sweep deletes it; outputs stay. */
  UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MAINTENANCE_ENABLED: flag,
  MAINTENANCE_MESSAGE: optionalString,
  /** Development/test only: multiplies every wait, poll interval and local-engine duration. */
  TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  /**
   * The local engine stands in for providers without keys: auto (on except in production), on,
   * off. In production it is off unless asked for, so nobody is charged for a local preview.
   */
  LOCAL_ENGINE: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * The engine's concurrency limits: the jobs one provider (Replicate, fal, the local engine) runs
   * at once, and the jobs of one model. Due jobs past a limit wait in the queue, and are taken in
   * turn across users (one person's batch does not hold everyone else behind it).
   */
  PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(64),
  MODEL_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(32),
  /**
   * Photos that must show one face (headshot, PuLID) are checked before anything is charged, by a
   * face detector on this server's CPU; off skips the check (the provider then sees any photo).
   */
  FACE_CHECK: z.enum(['on', 'off']).default('on'),
  /**
   * The face check's time limit in seconds (its wait in the worker's line included); past it the
   * photo goes through unchecked. A check takes 0.1–0.5 s on an idle 2-core machine.
   */
  FACE_CHECK_SECONDS: z.coerce.number().positive().max(300).default(5),
  /**
   * Public creations are screened before they are shown: each image output (a video's poster frame)
   * by nsfwjs on this server's CPU, and the prompt against a word list; off shows them unscreened.
   */
  NSFW_CHECK: z.enum(['on', 'off']).default('on'),
  /** An image is held for review when its Porn + Hentai share reaches this: 0 holds everything, 1 nothing. */
  NSFW_THRESHOLD: z.coerce.number().min(0).max(1).default(0.7),
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_BASE_URL: optionalUrl,
  REPLICATE_WEBHOOK_SECRET: optionalString,
  FAL_KEY: optionalString,
  FAL_BASE_URL: optionalUrl,
  FAL_JWKS_URL: optionalUrl,
  /** When set, providers call our webhooks at this origin instead of being polled. */
  PUBLIC_BASE_URL: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag,
  S3_PUBLIC_BASE_URL: optionalUrl,
  /** Payments (both or neither): the secret API key and the webhook endpoint's signing secret. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests only: another Stripe-compatible origin (a loopback fake), split into the SDK's host, port and protocol. */
  STRIPE_API_BASE_URL: optionalUrl,
  /**
   * The local checkout stands in for payments without keys: auto (on except in production), on,
   * off. It moves no money, so in production it is off unless asked for.
   */
  LOCAL_CHECKOUT: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Requests a minute per API key and per user on /api/v1 and key requests to the REST paths, by plan. */
  API_RATE_LIMIT_FREE: z.coerce.number().int().min(1).default(60),
  API_RATE_LIMIT_PREMIUM: z.coerce.number().int().min(1).default(600),
  /**
   * host:port pairs callbacks may reach although they are loopback or private, over http too
   * (local receivers, tests); every other callback URL must be https to a public address.
   */
  CALLBACK_ALLOW_HOSTS: optionalString.pipe(
    z
      .string()
      .regex(/^[^,:\s]+:\d{1,5}(,[^,:\s]+:\d{1,5})*$/, 'a comma-separated list of host:port')
      .optional(),
  ),
});

export type Env = ReturnType<typeof parseEnv>;

const DEV_SECRET = 'studio-development-secret-not-for-production';

export function parseEnv(source: Record<string, string | undefined>) {
  const result = rawSchema.safeParse(source);
  if (!result.success) {
    const lines = describeIssues(result.error.issues);
    throw new Error(`Invalid environment: ${lines.join('; ')}`);
  }
  const raw = result.data;
  const production = raw.NODE_ENV === 'production';
  if (production && raw.TIME_SCALE !== 1) {
    throw new Error('Invalid environment: TIME_SCALE is for development and tests only.');
  }
  const googleConfigured = Boolean(raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET);
  const devSignInWanted = raw.DEV_SIGNIN === 'on' || (raw.DEV_SIGNIN === 'auto' && !googleConfigured);
  if (production && raw.DEV_SIGNIN === 'on' && !raw.DEV_SIGNIN_FORCE_IN_PRODUCTION) {
    throw new Error('Invalid environment: DEV_SIGNIN=on in production needs DEV_SIGNIN_FORCE_IN_PRODUCTION=true.');
  }
  const devSignIn = devSignInWanted && (!production || raw.DEV_SIGNIN_FORCE_IN_PRODUCTION === true);
  const secret = raw.NEXTAUTH_SECRET ?? (production && !devSignIn ? undefined : DEV_SECRET);
  if (!secret) throw new Error('Invalid environment: NEXTAUTH_SECRET is required in production.');
  const s3Configured = Boolean(raw.S3_BUCKET);
  const localEngine = raw.LOCAL_ENGINE === 'on' || (raw.LOCAL_ENGINE === 'auto' && !production);
  if (Boolean(raw.STRIPE_SECRET_KEY) !== Boolean(raw.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all.');
  }
  const stripeConfigured = Boolean(raw.STRIPE_SECRET_KEY);
  const localCheckout = raw.LOCAL_CHECKOUT === 'on' || (raw.LOCAL_CHECKOUT === 'auto' && !stripeConfigured && !production);
  return {
    ...raw,
    production,
    secret,
    googleConfigured,
    devSignIn,
    s3Configured,
    localEngine,
    /** How people pay: Stripe, the local checkout (no money moves), or not at all (production without keys). */
    checkout: (localCheckout ? 'local' : stripeConfigured ? 'stripe' : 'off') as 'stripe' | 'local' | 'off',
    /** Absolute origin of the app, for URLs handed to browsers and providers. */
    appOrigin: (raw.PUBLIC_BASE_URL ?? raw.NEXTAUTH_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    maintenanceEnabled: raw.MAINTENANCE_ENABLED === true,
    callbackAllowHosts: (raw.CALLBACK_ALLOW_HOSTS?.split(',') ?? []).map((entry) => entry.toLowerCase()),
  };
}

const databaseSchema = z.object({
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  /** Prints the schema engine's log while migrating. */
  DEBUG_MIGRATIONS: flag,
});

/**
 * Only the database settings, without the server's cross-checks (a production secret etc.), so
 * the migration command can run where the app's other settings are not present.
 */
export function getDatabaseEnv(): z.infer<typeof databaseSchema> {
  const result = databaseSchema.safeParse(process.env);
  if (!result.success) throw new Error(`Invalid environment: ${describeIssues(result.error.issues).join('; ')}`);
  return result.data;
}

let cached: Env | undefined;
const fingerprints = new WeakMap<Env, string>();

/**
 * The settings as a value. The production build holds more than one compiled copy of this module,
 * each with its own parsed Env object: state shared between them on globalThis (the provider
 * registry) is keyed by this, so equal settings are recognised as the same settings.
 */
export function envFingerprint(env: Env): string {
  let fingerprint = fingerprints.get(env);
  if (fingerprint === undefined) {
    fingerprint = JSON.stringify(env);
    fingerprints.set(env, fingerprint);
  }
  return fingerprint;
}

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change process.env between cases; this makes the next getEnv() re-read it. */
export function resetEnvCache(): void {
  cached = undefined;
}
