import { describe, expect, it } from 'vitest';
import { INTERNAL_STATUSES, PUBLIC_STATUSES, isRunning, toPublicStatus } from '~/server/services/generation/statuses';
import { falWebhookToJob, predictionToJob } from '~/server/providers';

describe('public statuses (clients stop polling on anything but pending/processing/processing_images)', () => {
  it('pins the internal → public mapping', () => {
    expect(Object.fromEntries(INTERNAL_STATUSES.map((s) => [s, toPublicStatus(s)]))).toEqual({
      queued: 'pending',
      starting: 'processing',
      processing: 'processing',
      succeeded: 'succeeded',
      failed: 'failed',
      canceled: 'failed',
    });
  });

  it('never exposes a status outside the public set', () => {
    for (const s of [...INTERNAL_STATUSES, 'weird', '']) expect(PUBLIC_STATUSES).toContain(toPublicStatus(s));
  });

  it('maps provider states: Replicate starting and fal IN_QUEUE are still running', () => {
    expect(predictionToJob({ id: 'p', status: 'starting', output: null, error: null } as never).status).toBe('starting');
    expect(predictionToJob({ id: 'p', status: 'canceled', output: null, error: null } as never)).toMatchObject({ status: 'canceled', error: 'Canceled.' });
    expect(falWebhookToJob({ request_id: 'r', status: 'ERROR', error: 'boom', payload: null }).status).toBe('failed');
    expect(isRunning('queued') && isRunning('starting') && isRunning('processing')).toBe(true);
    expect(isRunning('succeeded') || isRunning('failed') || isRunning('canceled')).toBe(false);
  });
});
