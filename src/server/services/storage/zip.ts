/**
 * A ZIP archive written as it goes (PKWARE APPNOTE, "stored": no compression, since images and
 * videos are compressed already). An entry is either bytes in hand, or a stream read once while it
 * is written: its CRC-32 and size follow its data in a data descriptor (flag bit 3), so nothing
 * holds more than one chunk of it. Archives past 4 GiB or 65,535 entries get ZIP64 records (each
 * entry itself stays under 4 GiB: a creation's file is far smaller).
 */
import { crc32 } from 'node:zlib';

export type ZipEntry = { name: string; modified: Date } & ({ data: Buffer } | { stream: AsyncIterable<Buffer> | Iterable<Buffer> });

const UTF8_NAMES = 1 << 11;
const SIZES_AFTER_DATA = 1 << 3;
const MAX_32 = 0xffff_ffff;
const MAX_16 = 0xffff;

type Stamp = { time: number; date: number };

/** MS-DOS time and date (local fields, 2-second resolution), as ZIP headers store them. */
function dosDateTime(date: Date): Stamp {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

type Fields = { name: Buffer; flags: number; crc: number; size: number; stamp: Stamp };

/**
 * The fields a local header and its central-directory record share, in the same order (the
 * central record has them 2 bytes further on): flags, method (stored), time, date, CRC-32,
 * compressed and uncompressed size (equal: stored), name length.
 */
function writeEntryFields(buffer: Buffer, at: number, fields: Fields): void {
  buffer.writeUInt16LE(fields.flags, at);
  buffer.writeUInt16LE(0, at + 2); // method: stored
  buffer.writeUInt16LE(fields.stamp.time, at + 4);
  buffer.writeUInt16LE(fields.stamp.date, at + 6);
  buffer.writeUInt32LE(fields.crc, at + 8);
  buffer.writeUInt32LE(fields.size, at + 12);
  buffer.writeUInt32LE(fields.size, at + 16);
  buffer.writeUInt16LE(fields.name.length, at + 20);
}

function localHeader(fields: Fields): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  writeEntryFields(header, 6, fields);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, fields.name]);
}

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(size, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

/** The record of one entry; an offset past 4 GiB goes in a ZIP64 extra field. */
function centralRecord(fields: Fields, offset: number): Buffer {
  const zip64 = offset >= MAX_32;
  const extra = zip64 ? Buffer.alloc(12) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(offset), 4);
  }
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(zip64 ? 45 : 20, 4); // made by
  record.writeUInt16LE(zip64 ? 45 : 20, 6); // version needed: 4.5 for ZIP64
  writeEntryFields(record, 8, fields);
  record.writeUInt16LE(extra.length, 30);
  // comment, disk, internal attributes, external attributes: all zero.
  record.writeUInt32LE(zip64 ? MAX_32 : offset, 42);
  return Buffer.concat([record, fields.name, extra]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const needs64 = count >= MAX_16 || size >= MAX_32 || offset >= MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, MAX_16), 8);
  end.writeUInt16LE(Math.min(count, MAX_16), 10);
  end.writeUInt32LE(Math.min(size, MAX_32), 12);
  end.writeUInt32LE(Math.min(offset, MAX_32), 16);
  if (!needs64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // the size of the rest of this record
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + size), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

/** The archive's bytes, chunk by chunk, for the entries in order. */
export async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const stamp = dosDateTime(entry.modified);
    const start = offset;
    let fields: Fields;
    if ('data' in entry) {
      fields = { name, flags: UTF8_NAMES, crc: crc32(entry.data), size: entry.data.length, stamp };
      if (fields.size >= MAX_32) throw new Error(`${entry.name}: an entry must stay under 4 GiB.`);
      const header = localHeader(fields);
      yield header;
      yield entry.data;
      offset += header.length + entry.data.length;
    } else {
      const header = localHeader({ name, flags: UTF8_NAMES | SIZES_AFTER_DATA, crc: 0, size: 0, stamp });
      yield header;
      let crc = 0;
      let size = 0;
      for await (const chunk of entry.stream) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        if (size >= MAX_32) throw new Error(`${entry.name}: an entry must stay under 4 GiB.`);
        yield chunk;
      }
      const descriptor = dataDescriptor(crc, size);
      yield descriptor;
      fields = { name, flags: UTF8_NAMES | SIZES_AFTER_DATA, crc, size, stamp };
      offset += header.length + size + descriptor.length;
    }
    central.push(centralRecord(fields, start));
  }
  const directoryOffset = offset;
  let directorySize = 0;
  for (const record of central) {
    yield record;
    directorySize += record.length;
  }
  yield endOfCentralDirectory(central.length, directorySize, directoryOffset);
}
