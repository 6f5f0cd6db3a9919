/**
 * REPLICATE_BASE_URL works with or without a trailing `/v1` (and a trailing slash): the real
 * `replicate` SDK, through our provider, reaches the loopback double's v1 API either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplicateProvider, replicateApiBase } from '~/server/providers/replicate';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';

let fake: FakeReplicate;

beforeAll(async () => {
  fake = await startFakeReplicate();
});

afterAll(async () => {
  await fake?.close();
});

describe('REPLICATE_BASE_URL', () => {
  it('reaches the API whether or not the URL ends in /v1', async () => {
    const forms = [fake.url, `${fake.url}/`, fake.baseUrl, `${fake.baseUrl}/`];
    expect(fake.baseUrl).toBe(`${fake.url}/v1`);
    for (const baseUrl of forms) {
      fake.reset();
      const provider = createReplicateProvider({ token: fake.token, baseUrl, retry: { attempts: 1 } });
      const job = await provider.submit({ target: 'black-forest-labs/flux-schnell', input: { prompt: baseUrl } });
      expect(job.status, baseUrl).toBe('starting');
      expect((await provider.get(job.jobId, 'black-forest-labs/flux-schnell')).jobId).toBe(job.jobId);
      expect(fake.requests.map((r) => `${r.method} ${r.path}`), baseUrl).toEqual([
        'POST /v1/models/black-forest-labs/flux-schnell/predictions',
        `GET /v1/predictions/${job.jobId}`,
      ]);
    }
  });

  it('keeps Replicate’s own default when unset', () => {
    expect(replicateApiBase(undefined)).toBeUndefined();
    expect(replicateApiBase('  ')).toBeUndefined();
    expect(replicateApiBase('https://proxy.example.com/replicate/')).toBe('https://proxy.example.com/replicate/v1');
  });
});
