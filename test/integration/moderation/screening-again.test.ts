/**
 * A screen that gets no answer because the studio is busy is not a finding: the creation stays
 * `screening` (private, its owner reads "waiting") and the sweep screens it again, once across
 * instances, until it is public; only after SCREEN_ATTEMPTS screens without an answer is it held
 * for review, the reason kept. A creation left `screening` by a process that stopped (its claim
 * lapsed) is screened by the sweep too. The worker is made busy the way a rush of portrait submits
 * makes it (its line of quick checks full of face checks), which refuses every screen meanwhile;
 * NSFW_THRESHOLD 1 holds no image, so a creation that is screened goes public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferenceReady } from '~/server/inference';
import { SCREEN_AGAIN_AFTER_MS, SCREEN_ATTEMPTS, screeningsSettled } from '~/server/services/moderation/publishing';
import { claimDueScreens, screenDueCreations } from '~/server/services/moderation/screen-sweep';
import { keepWorkerBusy } from '@test/helpers/busy-worker';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff } from '../console/helpers';

let studio: Studio;
let owner: StudioUser;
let moderator: StudioUser;

const stateOf = (id: string) => studio.db.generation.findUniqueOrThrow({ where: { id }, select: { isPublic: true, moderation: true, screening: true, claimedUntil: true } });
const statesOf = (ids: string[]) => Promise.all(ids.map(stateOf));
const filesPrivate = async (id: string) => [...new Set((await studio.db.storedObject.findMany({ where: { generationId: id }, select: { isPrivate: true } })).map((file) => file.isPrivate))];

/** A sweep round as it runs once the wait after a screen without an answer is over. */
const sweepLater = () => screenDueCreations(studio.db, new Date(Date.now() + SCREEN_AGAIN_AFTER_MS + 1_000));

async function submitPublic(count: number, prompt: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: `${prompt} ${index + 1}`, is_public: true })).id);
  return ids;
}

/** A finished private creation (not screened), for the owner's switch and the stopped process. */
async function privateCreation(prompt: string): Promise<string> {
  const { id } = await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt, is_public: false });
  expect((await runUntil(studio.db, id)).status).toBe('succeeded');
  return id;
}

const queueIds = async () => (await studio.caller(moderator).admin.moderationQueue()).items.map((item) => item.id);

beforeAll(async () => {
  studio = await startStudio({ env: { NSFW_CHECK: 'on', NSFW_THRESHOLD: '1' } });
  owner = await studio.createUser({ credits: 100, premium: true });
  moderator = await createStaff(studio, 'support');
  await inferenceReady();
}, 120_000);

afterAll(async () => {
  await studio?.stop();
});

describe('a burst of public results while the worker is busy', () => {
  it('every one stays screening (private, "waiting", not in the queue), then the sweep makes each public: none held', async () => {
    const switched = await privateCreation('a harbour switched to public');
    const busy = await keepWorkerBusy();
    let burst: string[] = [];
    try {
      burst = await submitPublic(6, 'a harbour at noon');
      for (const id of burst) expect((await runUntil(studio.db, id)).status).toBe('succeeded');
      // The owner's switch in the same busy spell: answered at once, waiting.
      expect(await studio.caller(owner).prediction.setSharing({ id: switched, isPublic: true })).toMatchObject({ isPublic: false, review: 'waiting' });
      await screeningsSettled();
    } finally {
      await busy.stop();
    }
    const all = [...burst, switched];
    for (const state of await statesOf(all)) {
      expect(state).toMatchObject({ isPublic: false, moderation: 'screening', claimedUntil: null, screening: { unanswered: 'unavailable', attempts: 1 } });
    }
    expect(await studio.caller(owner).prediction.get({ id: burst[0]! })).toMatchObject({ isPublic: false, review: 'waiting' });
    expect(await filesPrivate(burst[0]!)).toEqual([true]);
    const queue = await queueIds();
    expect(all.filter((id) => queue.includes(id))).toEqual([]);
    // Not due before SCREEN_AGAIN_AFTER_MS has passed since the miss.
    expect(await claimDueScreens(studio.db, 50)).toEqual([]);

    expect(await sweepLater()).toBe(all.length);
    for (const state of await statesOf(all)) {
      expect(state).toMatchObject({ isPublic: true, moderation: null, claimedUntil: null, screening: { unanswered: null, held: false, attempts: 2, images: [{ output: 0, held: false }] } });
    }
    expect(await filesPrivate(burst[0]!)).toEqual([false]);
    expect(await studio.caller(owner).prediction.get({ id: burst[0]! })).toMatchObject({ isPublic: true, review: null });
  });
});

describe('a creation left screening by a process that stopped', () => {
  /** As a process that stopped mid-screen leaves it: screening, private, its claim lapsed. */
  async function leftScreening(prompt: string, claimedUntil: Date | null): Promise<string> {
    const id = await privateCreation(prompt);
    await studio.db.generation.update({ where: { id }, data: { moderation: 'screening', moderatedAt: new Date(Date.now() - 2 * 60_000), claimedUntil } });
    return id;
  }

  it('is screened by the sweep and goes public; one whose screen is at work elsewhere (a live claim) is left to it', async () => {
    const stale = await leftScreening('a harbour whose screen was cut short', new Date(Date.now() - 30_000));
    const never = await leftScreening('a harbour whose screen never began', null);
    const atWork = await leftScreening('a harbour screened elsewhere', new Date(Date.now() + 60_000));
    expect(await screenDueCreations(studio.db)).toBe(2);
    for (const id of [stale, never]) expect(await stateOf(id)).toMatchObject({ isPublic: true, moderation: null, claimedUntil: null, screening: { unanswered: null, attempts: 1 } });
    expect(await filesPrivate(stale)).toEqual([false]);
    expect(await stateOf(atWork)).toMatchObject({ isPublic: false, moderation: 'screening', screening: null });
    await studio.db.generation.update({ where: { id: atWork }, data: { moderation: null, claimedUntil: null } });
  });

  it('two instances sweeping at once claim each creation once', async () => {
    const left = await Promise.all(['a', 'b', 'c', 'd'].map((name) => leftScreening(`harbour ${name}, left screening`, null)));
    const [one, other] = await Promise.all([claimDueScreens(studio.db, 50), claimDueScreens(studio.db, 50)]);
    const claimed = [...one!, ...other!].map((claim) => claim.id);
    expect(claimed.sort()).toEqual([...left].sort());
    // Claimed: no third round takes them while the claims hold.
    expect(await claimDueScreens(studio.db, 50)).toEqual([]);
    await studio.db.generation.updateMany({ where: { id: { in: left } }, data: { moderation: null, claimedUntil: null } });
  });
});

describe('a creation whose screens never get an answer', () => {
  it(`is held for review after ${SCREEN_ATTEMPTS} screens, with the reason and the count kept`, async () => {
    const [id] = await submitPublic(1, 'a harbour in a long busy spell');
    const busy = await keepWorkerBusy();
    try {
      expect((await runUntil(studio.db, id!)).status).toBe('succeeded');
      await screeningsSettled();
      for (let attempt = 2; attempt < SCREEN_ATTEMPTS; attempt += 1) {
        expect(await sweepLater()).toBe(1);
        expect(await stateOf(id!)).toMatchObject({ isPublic: false, moderation: 'screening', screening: { unanswered: 'unavailable', attempts: attempt } });
      }
      expect(await sweepLater()).toBe(1);
    } finally {
      await busy.stop();
    }
    expect(await stateOf(id!)).toMatchObject({ isPublic: false, moderation: 'held', claimedUntil: null, screening: { unanswered: 'unavailable', held: true, attempts: SCREEN_ATTEMPTS } });
    expect(await filesPrivate(id!)).toEqual([true]);
    expect(await studio.caller(owner).prediction.get({ id: id! })).toMatchObject({ isPublic: false, review: 'waiting' });
    const item = (await studio.caller(moderator).admin.moderationQueue()).items.find((entry) => entry.id === id);
    expect(item).toMatchObject({ moderation: 'held', screening: { unanswered: 'unavailable', attempts: SCREEN_ATTEMPTS } });
    // Held is a decision's to change: the sweep leaves it.
    expect(await sweepLater()).toBe(0);
  });
});
