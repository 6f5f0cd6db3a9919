/**
 * A local S3 server (s3rver) on 127.0.0.1 with a fresh bucket in a temporary folder. It accepts the
 * AWS SDK's requests but does not verify SigV4 signatures, so signing is asserted separately.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverConstructor = new (options: {
  address?: string;
  port?: number;
  silent?: boolean;
  directory: string;
  resetOnClose?: boolean;
  configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
}) => S3rverInstance;

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  region: string;
  /** The credentials s3rver knows. */
  accessKeyId: string;
  secretAccessKey: string;
  /** process.env entries that make the studio use this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startS3rver(options: { bucket?: string } = {}): Promise<LocalS3> {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(path.join(os.tmpdir(), 'studio-s3rver-'));
  const bucket = options.bucket ?? 'studio-test';
  const instance = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await instance.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    ...credentials,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await instance.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
