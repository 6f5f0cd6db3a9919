/**
 * A cached generation (a frozen row) is presented once per kind of viewer and checked once for
 * tRPC; what callers receive is exactly what a fresh row gives.
 */
import { describe, expect, it } from 'vitest';
import type { Generation } from '~/server/db/generated/client';
import { getOutput } from '~/server/routers/prediction/get.schema';
import { toPrediction } from '~/server/services/generation/present';

function row(): Generation {
  const at = new Date('2026-11-26T10:00:00Z');
  return {
    id: 'gen-1', userId: 'owner-1', modelId: 'flux-dev', mode: null, appId: 'flux', pageId: null, appType: 'image', outputType: 'image',
    status: 'succeeded', input: { prompt: 'a red fox', num_outputs: 1 }, cost: 10, outputNum: 1, isPublic: true, idempotencyKey: null,
    platform: 'local', providerTarget: 'flux-dev', providerJobId: 'gen-1', attempts: 1, estimatedSeconds: 20, waitSeconds: 0, error: null,
    outputText: null, outputs: [{ key: 'k/1.png', url: 'http://x/1.png', contentType: 'image/png', thumbnailUrl: null }],
    dispatchAt: at, dispatchedAt: at, deadlineAt: at, lastCheckedAt: at, claimedUntil: null, createdAt: at, updatedAt: at, completedAt: at, deletedAt: null,
    progress: 1, queuePosition: null, expectedDoneAt: null, starred: false, promptHidden: false, searchText: 'a red fox', apiKeyId: null, rerunOfId: null, batchId: null, moderation: null, moderatedAt: null, screening: null,
  };
}

describe('presenting a cached generation', () => {
  it('gives the same frozen prediction on every call, one for the owner and one for others', () => {
    const cached = Object.freeze(row());
    const owner = toPrediction(cached, 'owner-1');
    expect(toPrediction(cached, 'owner-1')).toBe(owner);
    expect(Object.isFrozen(owner.display.outputMedia[0])).toBe(true);
    const other = toPrediction(cached, 'someone-else');
    expect(toPrediction(cached, null)).toBe(other);
    expect(owner).toEqual(toPrediction(row(), 'owner-1'));
    expect(other).toEqual({ ...toPrediction(row(), null), isOwner: false });
    expect(owner.isOwner).toBe(true);
  });

  it('a cached running row is presented afresh: its time left counts down with the clock', () => {
    const running = Object.freeze({ ...row(), status: 'processing', completedAt: null, outputs: [], progress: 0.5, expectedDoneAt: new Date('2026-11-26T10:00:30Z') });
    const early = toPrediction(running, 'owner-1', Date.parse('2026-11-26T10:00:10Z'));
    const later = toPrediction(running, 'owner-1', Date.parse('2026-11-26T10:00:20Z'));
    expect(later).not.toBe(early);
    expect(early.etaSeconds).toBeGreaterThan(later.etaSeconds ?? Infinity);
  });

  it('prediction.get checks a cached prediction once and answers the same checked object to every poll', () => {
    const cached = Object.freeze(row());
    const answered = getOutput.parse(toPrediction(cached, 'owner-1'));
    expect(answered).toEqual(toPrediction(row(), 'owner-1'));
    expect(getOutput.parse(toPrediction(cached, 'owner-1'))).toBe(answered);
    expect(getOutput.parse(toPrediction(row(), 'owner-1'))).not.toBe(answered);
  });

  it('a fresh row gives a fresh prediction', () => {
    const fresh = row();
    expect(toPrediction(fresh, 'owner-1')).not.toBe(toPrediction(fresh, 'owner-1'));
  });
});
