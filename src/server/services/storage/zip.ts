/**
 * A ZIP archive written as it goes (PKWARE APPNOTE, "stored": no compression, since images and
 * videos are compressed already). Each entry is held in memory only while it is written, so a
 * download of many creations never holds more than its largest file. No ZIP64: the caller keeps
 * the total under 4 GiB.
 */
import { crc32 } from 'node:zlib';

export type ZipEntry = { name: string; data: Buffer; modified: Date };

export const ZIP_MAX_TOTAL_BYTES = 0xffff_ffff;

const UTF8_NAMES = 1 << 11;

/** MS-DOS time and date (local fields, 2-second resolution), as ZIP headers store them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/**
 * The fields a local header and its central-directory record share, in the same order (the
 * central record has them 2 bytes further on): flags, method (stored), time, date, CRC-32,
 * compressed and uncompressed size (equal: stored), name length.
 */
function writeEntryFields(buffer: Buffer, at: number, name: Buffer, crc: number, size: number, stamp: { time: number; date: number }): void {
  buffer.writeUInt16LE(UTF8_NAMES, at);
  buffer.writeUInt16LE(0, at + 2); // method: stored
  buffer.writeUInt16LE(stamp.time, at + 4);
  buffer.writeUInt16LE(stamp.date, at + 6);
  buffer.writeUInt32LE(crc, at + 8);
  buffer.writeUInt32LE(size, at + 12);
  buffer.writeUInt32LE(size, at + 16);
  buffer.writeUInt16LE(name.length, at + 20);
}

function localHeader(name: Buffer, crc: number, size: number, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  writeEntryFields(header, 6, name, crc, size, stamp);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function centralRecord(name: Buffer, crc: number, size: number, stamp: { time: number; date: number }, offset: number): Buffer {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4); // made by: 2.0
  record.writeUInt16LE(20, 6); // version needed: 2.0
  writeEntryFields(record, 8, name, crc, size, stamp);
  // extra, comment, disk, internal attributes, external attributes: all zero.
  record.writeUInt32LE(offset, 42);
  return Buffer.concat([record, name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** The archive's bytes, chunk by chunk, for the entries in order. */
export async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const stamp = dosDateTime(entry.modified);
    const header = localHeader(name, crc, entry.data.length, stamp);
    if (offset + header.length + entry.data.length > ZIP_MAX_TOTAL_BYTES) throw new Error('The archive would exceed 4 GiB.');
    central.push(centralRecord(name, crc, entry.data.length, stamp, offset));
    yield header;
    yield entry.data;
    offset += header.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  yield directory;
  yield endOfCentralDirectory(central.length, directory.length, offset);
}
