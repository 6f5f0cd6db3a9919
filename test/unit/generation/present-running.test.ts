/**
 * The poll of a running generation: a cached (frozen) running row keeps one frozen prediction while
 * its countdown shows the same second, and gives a new one, with the right time left, when the
 * countdown moves on or the row changes.
 */
import { describe, expect, it } from 'vitest';
import type { Generation } from '~/server/db/generated/client';
import { toPrediction } from '~/server/services/generation/present';

const at = (seconds: number) => Date.parse('2026-11-26T10:00:00Z') + seconds * 1000;

/** The columns a prediction reads (a column added later that it ignores need not be listed). */
function runningRow(): Generation {
  const start = new Date(at(0));
  const row = {
    id: 'gen-1', userId: 'owner-1', modelId: 'kling-1.6-text-to-video', mode: null, appId: 'kling', pageId: null, appType: 'video', outputType: 'video',
    status: 'processing', input: { prompt: 'waves at night' }, cost: 50, outputNum: 1, isPublic: true, idempotencyKey: null,
    platform: 'local', providerTarget: 'kling-1.6-text-to-video', providerJobId: 'gen-1', attempts: 1, estimatedSeconds: 180, waitSeconds: 10, error: null,
    outputText: null, outputs: null, dispatchAt: start, dispatchedAt: start, deadlineAt: new Date(at(600)), lastCheckedAt: start, claimedUntil: null,
    createdAt: start, updatedAt: start, completedAt: null, deletedAt: null, progress: 0.25, queuePosition: null, expectedDoneAt: new Date(at(30)),
  };
  return row as unknown as Generation;
}

describe('presenting a cached running generation', () => {
  it('gives the same frozen prediction within one second of its countdown, and a new one after', () => {
    const cached = Object.freeze(runningRow());
    const first = toPrediction(cached, 'owner-1', at(10.1));
    expect(first.etaSeconds).toBe(20);
    expect(Object.isFrozen(first)).toBe(true);
    expect(toPrediction(cached, 'owner-1', at(10.9))).toBe(first);
    const next = toPrediction(cached, 'owner-1', at(11.5));
    expect(next).not.toBe(first);
    expect(next.etaSeconds).toBe(19);
    expect(next).toEqual({ ...toPrediction(runningRow(), 'owner-1', at(11.5)) });
  });

  it('keeps one per kind of viewer, and a changed row (a new cached object) is presented afresh', () => {
    const cached = Object.freeze(runningRow());
    const owner = toPrediction(cached, 'owner-1', at(5.2));
    const other = toPrediction(cached, null, at(5.3));
    expect(owner.isOwner).toBe(true);
    expect(other.isOwner).toBe(false);
    expect(toPrediction(cached, 'owner-1', at(5.4))).toBe(owner);
    const changed = Object.freeze({ ...runningRow(), progress: 0.5 });
    expect(toPrediction(changed, 'owner-1', at(5.5)).progress).toBe(0.5);
  });
});
