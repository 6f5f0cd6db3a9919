/**
 * Download my data (issue 41 §2): the export is prepared by the background runner (any instance,
 * claimed once), its zip holds every output file byte for byte and a data.json that round-trips
 * (its generations and ledger rows counted against the database), it is downloaded through its
 * signed URL, one export at a time per person, and nobody else's export can be read (the same 404
 * as an unknown id). A large account (10,000 creations) streams through the same runner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { unzip } from '@test/helpers/zip';
import { createDb } from '~/server/db/client';
import { newRowId } from '~/server/db/ids';
import { storedOutputsOf } from '~/server/services/generation/present';
import { EXPORT_NOT_FOUND } from '~/server/services/privacy/data-export';
import { EXPORT_DATA_FILE } from '~/server/services/privacy/export-archive';
import { claimDueExport, expireExports, runExport } from '~/server/services/privacy/export-runner';
import { deleteOwnAccount } from '~/server/services/privacy/account-deletion';
import { stopServerRuntime } from '~/server/runtime';
import { getStorage } from '~/server/services/storage';
import { exportWhenReady } from './exports';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

type ExportJson = {
  profile: { id: string; email: string; credits: number };
  generations: { id: string; status: string; input: Record<string, unknown>; files: string[]; starred: boolean }[];
  stars: string[];
  ledger: { id: string; amount: number; balanceAfter: number; reason: string }[];
  purchases: unknown[];
  subscriptions: unknown[];
  collections: { name: string; items: { generationId: string }[] }[];
};


async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  return Buffer.from(await response.arrayBuffer());
}

describe('download my data', () => {
  let user: StudioUser;
  let exportId: string;
  let zipBytes: Buffer;

  it('prepares the zip in the background with every output file and a data.json that round-trips', async () => {
    user = await studio.createUser({ credits: 200 });
    const caller = studio.caller(user);
    const ids: string[] = [];
    for (const prompt of ['a red kite', 'a blue kite', 'a green kite']) {
      const { id } = await caller.generation.submit({ model_id: 'flux-schnell', prompt, is_public: false });
      expect((await runUntil(studio.db, id)).status).toBe('succeeded');
      ids.push(id);
    }
    await caller.prediction.star({ id: ids[1]!, starred: true });
    const collection = await caller.collection.create({ name: 'Kites' });
    await caller.collection.add({ id: collection.id, generationIds: [ids[0]!, ids[2]!] });

    const asked = await caller.privacy.requestExport();
    expect(asked).toMatchObject({ status: 'queued', done: 0, total: 3, downloadUrl: null });
    // One at a time: asking again while it is prepared answers the same export.
    expect((await caller.privacy.requestExport()).id).toBe(asked.id);
    expect(await caller.privacy.latestExport()).toMatchObject({ id: asked.id, status: 'queued' });
    exportId = asked.id;

    await exportWhenReady(studio.db, user.id, exportId);
    const ready = await caller.privacy.export({ id: exportId });
    expect(ready).toMatchObject({ status: 'ready', done: 3, total: 3 });
    expect(ready.expiresAt!.getTime() - ready.readyAt!.getTime()).toBe(24 * 60 * 60 * 1000);
    expect(ready.downloadUrl).toMatch(/\/api\/storage\/u\/.+\/exports\/.+\.zip\?expires=\d+&sig=/);
    zipBytes = await download(ready.downloadUrl!);
    expect(ready.size).toBe(zipBytes.length);

    const entries = unzip(zipBytes);
    const byName = new Map(entries.map((entry) => [entry.name, entry.data]));
    const rows = await studio.db.generation.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } });
    // Every output file, byte for byte as storage holds it.
    let files = 0;
    for (const row of rows) {
      for (const output of storedOutputsOf(row.outputs)) {
        const stored = await getStorage().getObject(output.key);
        const chunks: Buffer[] = [];
        for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
        const name = entries.find((entry) => entry.name.includes(row.id) && entry.data.equals(Buffer.concat(chunks)))?.name;
        expect(name, output.key).toMatch(new RegExp(`^creations/.*${row.id}-\\d\\.(jpg|png|webp)$`));
        files += 1;
      }
    }
    expect(files).toBeGreaterThanOrEqual(3);
    expect(entries.filter((entry) => entry.name.startsWith('creations/'))).toHaveLength(files);

    const data = JSON.parse(byName.get(EXPORT_DATA_FILE)!.toString('utf8')) as ExportJson;
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, credits: await studio.balance(user) });
    expect(data.generations.map((g) => g.id)).toEqual(rows.map((row) => row.id));
    expect(data.generations.map((g) => g.input.prompt).sort()).toEqual(['a blue kite', 'a green kite', 'a red kite']);
    expect(data.generations.every((g) => g.status === 'succeeded' && g.files.every((file) => byName.has(file)))).toBe(true);
    expect(data.stars).toEqual([ids[1]]);
    const ledger = await studio.db.creditLedgerEntry.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } });
    expect(data.ledger).toHaveLength(ledger.length);
    expect(data.ledger.map((entry) => [entry.id, entry.amount, entry.balanceAfter, entry.reason])).toEqual(ledger.map((entry) => [entry.id, entry.amount, entry.balanceAfter, entry.reason]));
    expect(data.collections).toEqual([expect.objectContaining({ name: 'Kites', items: expect.arrayContaining([expect.objectContaining({ generationId: ids[0] }), expect.objectContaining({ generationId: ids[2] })]) })]);
    expect(data.purchases).toEqual([]);
    expect(data.subscriptions).toEqual([]);
  }, 120_000);

  it("nobody else's export: the same 404 as an unknown id, and no signed URL but the owner's opens it", async () => {
    const stranger = await studio.createUser();
    const unknown = await studio.caller(stranger).privacy.export({ id: newRowId() }).catch((error: unknown) => error);
    const forged = await studio.caller(stranger).privacy.export({ id: exportId }).catch((error: unknown) => error);
    expect(forged).toMatchObject({ code: 'NOT_FOUND', message: EXPORT_NOT_FOUND });
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: EXPORT_NOT_FOUND });
    expect(await studio.caller(stranger).privacy.latestExport()).toBeNull();
    // The zip itself is private: its address without the owner's signature is a 404, with anyone's session.
    const { downloadUrl } = await studio.caller(user).privacy.export({ id: exportId });
    const unsigned = downloadUrl!.split('?')[0]!;
    expect((await fetch(unsigned, { headers: { cookie: await studio.cookieFor(stranger) } })).status).toBe(404);
    expect((await fetch(`${unsigned}?expires=${Math.floor(Date.now() / 1000) + 3600}&sig=forged`)).status).toBe(404);
  });

  it('is deleted from storage 24 hours after it is ready; the page then says it expired', async () => {
    const row = await studio.db.dataExport.findUniqueOrThrow({ where: { id: exportId } });
    expect(await expireExports(studio.db, new Date(row.expiresAt!.getTime() - 1000))).toBe(0);
    expect(await expireExports(studio.db, new Date(row.expiresAt!.getTime() + 1000))).toBe(1);
    expect(await getStorage().exists(row.objectKey!)).toBe(false);
    expect(await studio.caller(user).privacy.export({ id: exportId })).toMatchObject({ status: 'expired', downloadUrl: null });
    // A new one may be asked for now.
    expect((await studio.caller(user).privacy.requestExport()).id).not.toBe(exportId);
  });

  it('two instances claim a due export once', async () => {
    // This process's own background loop stays out of it: two clients stand for two instances.
    await stopServerRuntime();
    const other = createDb(studio.database.connectionString, { maxConnections: studio.database.maxConnections });
    try {
      const person = await studio.createUser();
      await studio.caller(person).privacy.requestExport();
      const claims = await Promise.all([claimDueExport(studio.db), claimDueExport(other)]);
      const mine = claims.filter((claim) => claim?.userId === person.id);
      // The other user's export from the test before may be claimed too; this one only once.
      expect(mine).toHaveLength(1);
    } finally {
      await other.$disconnect();
    }
  });
});

describe('an export whose owner deletes their account while it is prepared', () => {
  it('leaves no zip behind', async () => {
    await stopServerRuntime();
    const person = await studio.createUser({ credits: 20 });
    const { id } = await studio.caller(person).generation.submit({ model_id: 'flux-schnell', prompt: 'soon gone' });
    expect((await runUntil(studio.db, id)).status).toBe('succeeded');
    await studio.caller(person).privacy.requestExport();
    const claim = await claimDueExport(studio.db);
    expect(claim?.userId).toBe(person.id);
    expect(await deleteOwnAccount(studio.db, person.id, person.email)).toEqual({ status: 'deleted' });
    expect(await runExport(studio.db, claim!)).toBe(false);
    const left = [];
    for await (const key of getStorage().listKeys(`u/${person.id}/`)) left.push(key);
    expect(left).toEqual([]);
  });
});

describe('a large account', () => {
  it('10,000 creations stream into one zip: every generation in data.json, every file in the archive', async () => {
    const user = await studio.createUser();
    const total = 10_000;
    const now = Date.now();
    // Creations as the engine leaves them, written in bulk; their files are small text results.
    for (let start = 0; start < total; start += 1000) {
      await studio.db.generation.createMany({
        data: Array.from({ length: Math.min(1000, total - start) }, (_, i) => ({
          userId: user.id,
          modelId: 'image-caption',
          appType: 'tool',
          outputType: 'text',
          status: 'succeeded',
          input: { prompt: `creation ${start + i}` },
          cost: 1,
          platform: 'local',
          providerTarget: 'local',
          outputText: `caption ${start + i}`,
          deadlineAt: new Date(now),
          createdAt: new Date(now - (total - start - i) * 1000),
          completedAt: new Date(now),
        })),
      });
    }
    const asked = await studio.caller(user).privacy.requestExport();
    expect(asked.total).toBe(total);
    await exportWhenReady(studio.db, user.id, asked.id, 240_000);
    const ready = await studio.caller(user).privacy.latestExport();
    expect(ready).toMatchObject({ status: 'ready', done: total, total });
    const entries = unzip(await download(ready!.downloadUrl!));
    expect(entries).toHaveLength(total + 1);
    const data = JSON.parse(entries.at(-1)!.data.toString('utf8')) as ExportJson;
    expect(data.generations).toHaveLength(total);
    expect(new Set(entries.slice(0, -1).map((entry) => entry.data.toString('utf8')))).toEqual(new Set(Array.from({ length: total }, (_, i) => `caption ${i}`)));
  }, 300_000);
});
