/** prediction.onUpdate pushes the caller's status changes (and nobody else's); a local video renders. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArrivals } from '@test/helpers/arrivals';
import { runUntil, startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe('prediction.onUpdate', () => {
  it('streams processing → succeeded to the owner, and nothing to another user', async () => {
    const owner = await studio.createUser({ credits: 10, premium: true });
    const other = await studio.createUser({ credits: 10, premium: true });
    const controller = new AbortController();
    const seen: string[] = [];
    const mine = await studio.caller(owner, { signal: controller.signal }).prediction.onUpdate();
    const theirs = (await studio.caller(other, { signal: controller.signal }).prediction.onUpdate())[Symbol.asyncIterator]();
    const foreignNext = theirs.next();
    const collect = (async () => {
      for await (const prediction of mine) {
        seen.push(prediction.status);
        if (prediction.status === 'succeeded') break;
      }
    })();
    const submitted = await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: 'live' });
    await runUntil(studio.db, submitted.id);
    await collect;
    // Progress while it runs pushes the processing state again; the changes of status are these.
    expect(seen.filter((status, i) => status !== seen[i - 1])).toEqual(['processing', 'succeeded']);
    // The other user's stream delivers in order, and its first update is of their own generation:
    // nothing of the owner's came before it.
    const theirOwn = await studio.caller(other).generation.submit({ model_id: 'flux-schnell', prompt: 'theirs' });
    const [foreign] = await Promise.all([foreignNext, runUntil(studio.db, theirOwn.id)]);
    expect(foreign).toMatchObject({ done: false, value: { id: theirOwn.id } });
    // Closing the connection ends the other subscription cleanly (after what it already holds, all theirs).
    controller.abort();
    let rest = await theirs.next();
    while (!rest.done) {
      expect(rest.value.id).toBe(theirOwn.id);
      rest = await theirs.next();
    }
    expect(rest).toMatchObject({ done: true });
  });
});

describe('local engine video', () => {
  it('renders a real MP4 for a text-to-video model and charges per second', async () => {
    const user = await studio.createUser({ credits: 200, premium: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'kling-1.6-text-to-video', prompt: 'waves at sunset', duration: 5 });
    expect(submitted.user_credits).toBe(120);
    expect((await runUntil(studio.db, submitted.id, undefined, 60_000)).error).toBeNull();
    const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
    expect(prediction.display.outputType).toBe('video');
    const media = prediction.display.outputMedia[0]!;
    expect(media.contentType).toBe('video/mp4');
    const bytes = Buffer.from(await (await fetch(media.publicUrl)).arrayBuffer());
    expect(bytes.subarray(4, 8).toString('ascii')).toBe('ftyp');
  });
});

describe('cross-instance updates on a real PostgreSQL server', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('delivers an update published by one instance to another through LISTEN/NOTIFY', async () => {
    const { startPostgresBus } = await import('~/server/services/generation/pg-bus');
    const { onGenerationUpdate, publishGenerationUpdate, setRemoteGenerationBus } = await import('~/server/services/generation/events');
    const { Client } = (await import('pg')).default;
    const stop = await startPostgresBus(studio.database.connectionString, studio.db);
    const received = createArrivals<string>('generation updates');
    const off = onGenerationUpdate((u) => received.add(u.generationId));
    try {
      // Another instance: a plain connection sending the same NOTIFY the bus sends.
      const other = new Client({ connectionString: studio.database.connectionString });
      await other.connect();
      await other.query(`SELECT pg_notify('studio_generation_updates', $1)`, [JSON.stringify({ userId: 'u', generationId: 'from-elsewhere', status: 'succeeded' })]);
      await other.end();
      await publishGenerationUpdate({ userId: 'u', generationId: 'from-here', status: 'processing' });
      expect((await received.waitFor(2)).sort()).toEqual(['from-elsewhere', 'from-here']);
    } finally {
      off();
      await stop();
      setRemoteGenerationBus(undefined);
    }
  });
});
