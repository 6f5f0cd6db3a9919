/**
 * The streamed ZIP writer: entries in hand and entries read from a stream (their CRC and size in a
 * data descriptor) come out of the archive byte for byte, read through its central directory with
 * every CRC checked, as an unzip tool reads them.
 */
import { describe, expect, it } from 'vitest';
import { unzip } from '@test/helpers/zip';
import { zipChunks, type ZipEntry } from '~/server/services/storage/zip';

async function archive(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipChunks(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* pieces(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part, 'utf8');
}

describe('zipChunks', () => {
  it('writes bytes in hand and streamed entries alike, names in UTF-8', async () => {
    const modified = new Date('2026-11-28T10:20:30Z');
    const zip = await archive([
      { name: 'creations/one.txt', data: Buffer.from('a caption'), modified },
      { name: 'creations/zwei-größe.png', stream: pieces('\x89PNG', 'rest of it', ''), modified },
      { name: 'empty.bin', stream: pieces(), modified },
      { name: 'data.json', stream: pieces('{"a":', '[1,2,3]}'), modified },
    ]);
    expect(unzip(zip).map((entry) => [entry.name, entry.data.toString('utf8')])).toEqual([
      ['creations/one.txt', 'a caption'],
      ['creations/zwei-größe.png', '\x89PNGrest of it'],
      ['empty.bin', ''],
      ['data.json', '{"a":[1,2,3]}'],
    ]);
  });

  it('marks a streamed entry as sized after its data, with a descriptor that matches the central record', async () => {
    const zip = await archive([{ name: 'x', stream: pieces('hello'), modified: new Date() }]);
    expect(zip.readUInt16LE(6) & 0x8).toBe(0x8);
    const descriptorAt = 30 + 1 + 5;
    expect(zip.readUInt32LE(descriptorAt)).toBe(0x08074b50);
    expect(zip.readUInt32LE(descriptorAt + 8)).toBe(5);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(zip.readUInt32LE(central + 16)).toBe(zip.readUInt32LE(descriptorAt + 4));
  });

  it('an empty archive is only its end record', async () => {
    const zip = await archive([]);
    expect(zip.length).toBe(22);
    expect(unzip(zip)).toEqual([]);
  });
});
