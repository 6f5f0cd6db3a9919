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

function localHeader(name: Buffer, crc: number, size: number, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // method: stored
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function centralRecord(name: Buffer, crc: number, size: number, stamp: { time: number; date: number }, offset: number): Buffer {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4); // made by: 2.0
  record.writeUInt16LE(20, 6);
  record.writeUInt16LE(UTF8_NAMES, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(stamp.time, 12);
  record.writeUInt16LE(stamp.date, 14);
  record.writeUInt32LE(crc, 16);
  record.writeUInt32LE(size, 20);
  record.writeUInt32LE(size, 24);
  record.writeUInt16LE(name.length, 28);
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
