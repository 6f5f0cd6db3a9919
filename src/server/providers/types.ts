/**
 * The one interface every generation backend implements (Replicate, fal, the local engine), and the
 * error every provider call throws. Provider-specific shapes never leave src/server/providers.
 */

/** The backends a generation can run on: hosted platforms, and the local engine for the rest. */
export type Platform = 'replicate' | 'fal' | 'local';

export type ProviderStatus = 'queued' | 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export const TERMINAL_PROVIDER_STATUSES: ReadonlySet<ProviderStatus> = new Set(['succeeded', 'failed', 'canceled']);

export function isTerminalProviderStatus(status: ProviderStatus): boolean {
  return TERMINAL_PROVIDER_STATUSES.has(status);
}

export type ProviderJob = {
  /** Replicate prediction id / fal request id. */
  jobId: string;
  status: ProviderStatus;
  /** The provider's raw output (only once succeeded). */
  output?: unknown;
  /** Media URLs normalised from `output` (string, string[], {images:[{url}]}, {video:{url}}, ...). */
  outputUrls?: string[];
  /** Text output (a string, or an array of streamed tokens joined). */
  outputText?: string;
  /** The provider's error text when failed (or why it was canceled). */
  error?: string;
  /** While running, when the provider says: the fraction done (0–1)... */
  progress?: number;
  /** ...its own estimate of the seconds left... */
  remainingSeconds?: number;
  /** ...and, while waiting in its queue, the job's place in it (1 = next). */
  queuePosition?: number;
  /** Outputs made as bytes rather than URLs (the local engine renders them itself). */
  files?: ProviderFile[];
};

/** One output file a provider made itself: its bytes and their type. */
export type ProviderFile = { buffer: Buffer; contentType: string };

/** Reads an input image (an URL of our storage, a data: URL or a remote one) as bytes. */
export type InputImageReader = (url: string) => Promise<Buffer>;

/** The progress part of a job, as every provider reports it. */
export type ProviderProgress = Pick<ProviderJob, 'progress' | 'remainingSeconds' | 'queuePosition'>;

export type ProviderSubmit = {
  /**
   * Our own reference of the job (the generation id). A provider that keeps no state of its own
   * (the local engine, whose job is the generation row) answers with it as its job id.
   */
  reference?: string;
  /** Replicate: 'owner/name' (model route) or 'owner/name:version'; fal: the endpoint id ('fal-ai/flux/dev'). */
  target: string;
  input: Record<string, unknown>;
  /** Where the provider should POST completion (signed). Omit to rely on polling. */
  webhookUrl?: string;
  /**
   * Optional: block up to this many seconds for the result (synchronous models). Replicate uses
   * `Prefer: wait=n`; fal polls the queue. The job may still come back unfinished.
   */
  waitSeconds?: number;
};

export interface GenerationProvider {
  readonly platform: Platform;
  submit(req: ProviderSubmit): Promise<ProviderJob>;
  get(jobId: string, target: string): Promise<ProviderJob>;
  /** Best effort and idempotent: cancelling a finished job is not an error. Call get() for the outcome. */
  cancel(jobId: string, target: string): Promise<void>;
}

export type ProviderErrorKind =
  /** Our per-request deadline passed (the request may or may not have been processed). */
  | 'timeout'
  /** The connection could not be made (refused, DNS): the request was certainly not processed. */
  | 'unreachable'
  /** The connection broke after the request may have been sent. */
  | 'network'
  | 'rate_limited'
  | 'server'
  | 'auth'
  | 'not_found'
  | 'client'
  /** A 2xx answer we could not read. */
  | 'invalid_response';

export type ProviderErrorOptions = {
  kind?: ProviderErrorKind;
  provider?: Platform;
  /** The parsed error body, when the provider sent one. */
  body?: unknown;
  /** fal's machine-readable `error_type` (X-Fal-Error-Type). */
  errorType?: string;
  /** From Retry-After, when present. */
  retryAfterMs?: number;
  cause?: unknown;
};

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly provider?: Platform;
  readonly body?: unknown;
  readonly errorType?: string;
  readonly retryAfterMs?: number;

  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    options: ProviderErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = options.kind ?? (retryable ? 'server' : 'client');
    this.provider = options.provider;
    this.body = options.body;
    this.errorType = options.errorType;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * By name, not class: providers are shared between the production build's bundles, each with its
 * own compiled copy of this class.
 */
export function isProviderError(value: unknown): value is ProviderError {
  return value instanceof Error && value.name === 'ProviderError';
}
