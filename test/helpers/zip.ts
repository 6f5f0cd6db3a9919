/**
 * Reads a ZIP archive through its central directory (as unzip tools do) and checks every entry's
 * CRC-32, so tests see the files a person would get out of a download.
 */
import { crc32 } from 'node:zlib';

export type UnzippedEntry = { name: string; data: Buffer };

export function unzip(archive: Buffer): UnzippedEntry[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory record');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: UnzippedEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central record ${i}`);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const offset = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (method !== 0) throw new Error(`${name}: unexpected method ${method}`);
    if (archive.readUInt32LE(offset) !== 0x04034b50) throw new Error(`${name}: bad local header`);
    const dataStart = offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    const data = archive.subarray(dataStart, dataStart + size);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    entries.push({ name, data: Buffer.from(data) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
