/**
 * What "Download my data" holds: every creation's files (its stored outputs, and a text result as a
 * .txt) under creations/, and data.json with the profile, the generations (inputs, settings,
 * status, dates, and which files are theirs), the ledger, purchases and subscriptions, collections
 * and stars. Everything streams: the database is read a page at a time, each file is copied from
 * storage chunk by chunk, and data.json is written a page at a time, so a large account's export
 * never holds more than a page of rows and one chunk of a file.
 */
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { storedOutputsOf } from '~/server/services/generation/present';
import { getStorage } from '~/server/services/storage';
import { extensionForContentType } from '~/server/services/storage/media-types';
import { zipChunks, type ZipEntry } from '~/server/services/storage/zip';

const PAGE = 200;

export const EXPORT_DATA_FILE = 'data.json';

type Progress = (done: number) => Promise<void>;

/** The owner's generations, oldest first, a page at a time (deleted creations are not theirs to keep any more). */
async function* generationPages(db: Db, userId: string): AsyncGenerator<Generation[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await db.generation.findMany({
      where: { userId, deletedAt: null },
      orderBy: { id: 'asc' },
      take: PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (page.length === 0) return;
    yield page;
    if (page.length < PAGE) return;
    cursor = page[page.length - 1]!.id;
  }
}

/** The zip names of one generation's files, in the order of its outputs (data.json lists them). */
export function creationFileNames(row: Pick<Generation, 'id' | 'modelId' | 'createdAt' | 'outputs' | 'outputText'>): { text: string | null; outputs: string[] } {
  const base = `creations/${row.createdAt.toISOString().slice(0, 10)}-${row.modelId.replace(/[^A-Za-z0-9_.-]/g, '_')}-${row.id}`;
  return {
    text: row.outputText ? `${base}.txt` : null,
    outputs: storedOutputsOf(row.outputs).map((output, n) => `${base}-${n + 1}.${extensionForContentType(output.contentType)}`),
  };
}

async function* objectChunks(key: string): AsyncGenerator<Buffer> {
  const object = await getStorage().getObject(key);
  if (!object) return;
  for await (const chunk of object.body) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
}

async function* fileEntries(db: Db, userId: string, progress: Progress): AsyncGenerator<ZipEntry> {
  let done = 0;
  for await (const page of generationPages(db, userId)) {
    for (const row of page) {
      const modified = row.completedAt ?? row.createdAt;
      const names = creationFileNames(row);
      if (names.text && row.outputText) yield { name: names.text, data: Buffer.from(row.outputText, 'utf8'), modified };
      for (const [n, output] of storedOutputsOf(row.outputs).entries()) {
        // A file removed meanwhile (its creation deleted) leaves an empty entry rather than a gap in the names.
        yield { name: names.outputs[n]!, stream: objectChunks(output.key), modified };
      }
    }
    done += page.length;
    await progress(done);
  }
}

function generationRecord(row: Generation) {
  const names = creationFileNames(row);
  return {
    id: row.id,
    model: row.modelId,
    mode: row.mode,
    app: row.appId,
    status: row.status,
    input: row.input,
    cost: row.cost,
    outputs: row.outputNum,
    public: row.isPublic,
    promptHidden: row.promptHidden,
    starred: row.starred,
    error: row.error,
    text: row.outputText,
    files: [...(names.text ? [names.text] : []), ...names.outputs],
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  };
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

/** data.json, a section at a time; the generations and the ledger a page at a time. */
async function* dataChunks(db: Db, userId: string, now: Date): AsyncGenerator<Buffer> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, name: true, image: true, credits: true, premium: true, role: true, createdAt: true },
  });
  yield json({ exportedAt: now, profile: user }).subarray(0, -1);
  yield Buffer.from(',"generations":[');
  let first = true;
  const stars: string[] = [];
  for await (const page of generationPages(db, userId)) {
    for (const row of page) {
      if (row.starred) stars.push(row.id);
      yield Buffer.concat([Buffer.from(first ? '' : ','), json(generationRecord(row))]);
      first = false;
    }
  }
  yield Buffer.from('],"stars":');
  yield json(stars);
  yield Buffer.from(',"ledger":[');
  first = true;
  let cursor: string | undefined;
  for (;;) {
    const page = await db.creditLedgerEntry.findMany({
      where: { userId },
      orderBy: { id: 'asc' },
      take: PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: { id: true, amount: true, balanceAfter: true, reason: true, note: true, generationId: true, purchaseId: true, createdAt: true },
    });
    for (const entry of page) {
      yield Buffer.concat([Buffer.from(first ? '' : ','), json(entry)]);
      first = false;
    }
    if (page.length < PAGE) break;
    cursor = page[page.length - 1]!.id;
  }
  const [purchases, subscriptions, collections] = await Promise.all([
    db.purchase.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { id: true, kind: true, item: true, credits: true, amount: true, currency: true, amountRefunded: true, status: true, receiptUrl: true, createdAt: true } }),
    db.billingSubscription.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { id: true, status: true, cancelAtPeriodEnd: true, currentPeriodEnd: true, premium: true, premiumUntil: true, createdAt: true } }),
    db.collection.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { id: true, name: true, createdAt: true, items: { select: { generationId: true, addedAt: true }, orderBy: { addedAt: 'asc' } } } }),
  ]);
  yield Buffer.from('],');
  yield json({ purchases, subscriptions, collections }).subarray(1);
}

/** The export's zip, chunk by chunk; `progress` hears how many creations are written so far. */
export function exportArchiveChunks(db: Db, userId: string, progress: Progress, now = new Date()): AsyncGenerator<Buffer> {
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield* fileEntries(db, userId, progress);
    yield { name: EXPORT_DATA_FILE, stream: dataChunks(db, userId, now), modified: now };
  }
  return zipChunks(entries());
}
